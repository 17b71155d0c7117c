import { readFileSync } from "node:fs";
import { checkProtocolPlugin, GeneratedChoices, hashTrace, ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { protocolPlugin, raftBugs, runRaft } from "../src/index.js";

describe("Raft's protocol plug-in", () => {
  it("is a valid plug-in named raft whose version is the package's", () => {
    expect(checkProtocolPlugin(protocolPlugin).ok).toBe(true);
    expect(protocolPlugin.name).toBe("raft");
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
    expect(protocolPlugin.version).toBe(pkg.version);
    expect(protocolPlugin.defects.map((d) => d.name)).toEqual(raftBugs.map((b) => b.name));
  });

  it("runs exactly what runRaft runs, for correct Raft and with a defect", () => {
    for (const seed of [1, 2, 3]) {
      for (const bugs of [[], ["vote_twice_in_term" as const]]) {
        const viaPlugin = protocolPlugin.run({ defects: bugs, choices: new GeneratedChoices(seed), recordTrace: true });
        const direct = runRaft({ bugs, choices: new GeneratedChoices(seed), recordTrace: true });
        expect(hashTrace(viaPlugin.trace)).toBe(hashTrace(direct.trace));
        expect(viaPlugin.violation).toEqual(direct.violation);
      }
    }
  });

  it("shows its replicas as raftClusterViews does", () => {
    let views: unknown = null;
    protocolPlugin.run({ choices: new ReplayedChoices([]), monitors: [{ finish: (run) => void (views = protocolPlugin.replicaViews?.(run.cluster)) }] });
    expect(views).toMatchObject([{ node: 0, role: "leader", term: 1 }, { node: 1, role: "follower" }, { node: 2, role: "follower" }]);
  });

  it("names its targets as runRaft's protocol does", () => {
    expect(protocolPlugin.createTarget({ defects: ["commit_any_term", "accept_stale_leader"] }).name).toBe("raft+accept_stale_leader+commit_any_term");
    expect(protocolPlugin.createTarget().run(new ReplayedChoices([])).violation).toBeNull();
  });
});
