import { readFileSync } from "node:fs";
import { checkProtocolPlugin, findProtocolPlugin, GeneratedChoices, hashTrace, ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import * as paxos from "../src/index.js";
import { paxosDefects, protocolPlugin, runPaxos } from "../src/index.js";

describe("Paxos's protocol plug-in", () => {
  it("is a valid plug-in named paxos whose version is the package's, found in the package's exports", () => {
    expect(checkProtocolPlugin(protocolPlugin)).toEqual({ ok: true, plugin: protocolPlugin });
    expect(findProtocolPlugin(paxos)).toEqual({ ok: true, plugin: protocolPlugin });
    expect(protocolPlugin.name).toBe("paxos");
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string; cx: { kind: string } };
    expect(protocolPlugin.version).toBe(pkg.version);
    expect(pkg.cx.kind).toBe("protocol");
    expect(protocolPlugin.defects.map((d) => d.name)).toEqual(paxosDefects.map((d) => d.name));
  });

  it("runs exactly what runPaxos runs, for correct Paxos and with a defect", () => {
    for (const seed of [1, 2]) {
      for (const defects of [[], ["minority_quorum" as const]]) {
        const viaPlugin = protocolPlugin.run({ defects, choices: new GeneratedChoices(seed), recordTrace: true });
        const direct = runPaxos({ defects, choices: new GeneratedChoices(seed), recordTrace: true });
        expect(hashTrace(viaPlugin.trace)).toBe(hashTrace(direct.trace));
        expect(viaPlugin.violation).toEqual(direct.violation);
      }
    }
  });

  it("names its targets after the defects, and rejects an unknown one", () => {
    expect(protocolPlugin.createTarget({ defects: ["no_client_dedup", "minority_quorum"] }).name).toBe("paxos+minority_quorum+no_client_dedup");
    expect(protocolPlugin.createTarget().run(new ReplayedChoices([])).violation).toBeNull();
    expect(() => protocolPlugin.createTarget({ defects: ["commit_any_term"] })).toThrow(/paxos: unknown defect "commit_any_term"/);
  });

  it("labels its messages in the trace with describePaxosMessage", () => {
    const run = protocolPlugin.run({ choices: new ReplayedChoices([]), recordTrace: true });
    const labels = new Set(run.trace.flatMap((e) => (e.kind === "send" ? [e.message] : [])));
    expect(labels).toContain("Prepare(b3, from slot 1)");
    expect(labels).toContain("Promise(b3, 0 accepted)");
    expect(labels).toContain("Accept(b3, slot 1: c0#1 write 0.1)");
    expect(labels).toContain("Accepted(b3, slot 1)");
    expect(labels).toContain("Chosen(b3, slot 1)");
    expect(labels).toContain("Heartbeat(b3, commit 0)");
  });
});
