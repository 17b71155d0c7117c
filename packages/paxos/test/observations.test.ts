import { checkSnapshot } from "@cx/check";
import { GeneratedChoices, ReplayedChoices, registerWorkload, runScenario, type ClusterView, type Monitor, type RegisterInput, type RegisterOutput } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { createPaxosMonitor, createPaxosProtocol, paxosClusterViews, runPaxos, type PaxosNode } from "../src/index.js";

describe("the observations Paxos emits", () => {
  it("describe each node's learned log exactly, and the snapshot invariants agree with the incremental ones", () => {
    for (let seed = 1; seed <= 15; seed++) {
      const paxos = createPaxosMonitor({ linearizability: false });
      const mismatches: string[] = [];
      const mirror: Monitor<PaxosNode, RegisterInput, RegisterOutput> = {
        afterStep(cluster: ClusterView<PaxosNode>) {
          if (cluster.step % 7 !== 0) return undefined;
          const views = paxosClusterViews(cluster);
          for (const view of views) {
            if (view.role === "down") continue;
            const mirrored = paxos.safety.log(view.node).map((e) => `${e.term}:${e.id}`).join("|");
            const real = view.log.map((e) => `${e.term}:${e.id}`).join("|");
            if (mirrored !== real) mismatches.push(`seed ${seed} step ${cluster.step} s${view.node}`);
          }
          return checkSnapshot(views, paxos.safety.committed());
        },
      };
      const result = runScenario({ protocol: createPaxosProtocol(), workload: registerWorkload, choices: new GeneratedChoices(seed), monitors: [paxos, mirror] });
      expect(result.violation, `seed ${seed}`).toBeNull();
      expect(mismatches).toEqual([]);
    }
  });
});

describe("promises", () => {
  it("are observed as votes: in the all-zeros run s1 and s2 promise s0's first ballot (3 = round 1 of s0 in a 3-node cluster)", () => {
    const run = runPaxos({ choices: new ReplayedChoices([]), recordTrace: true });
    const votes = run.trace.flatMap((e) => (e.kind === "observation" && e.observation.kind === "voted" ? [e.observation] : []));
    expect(votes.map((v) => `${String(v["node"])}->${String(v["candidate"])}@${String(v["term"])}`).sort()).toEqual(["1->0@3", "2->0@3"]);
  });
});
