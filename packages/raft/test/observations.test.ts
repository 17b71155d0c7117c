import { checkSnapshot, isReplicaObservation } from "@cx/check";
import { GeneratedChoices, ReplayedChoices, registerWorkload, runScenario, type ClusterView, type Monitor, type RegisterInput, type RegisterOutput } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { createRaftMonitor, createRaftProtocol, raftClusterViews, runRaft, type RaftNode } from "../src/index.js";

describe("the observations Raft emits", () => {
  it("describe its real logs exactly, and the snapshot invariants agree with the incremental ones", () => {
    for (let seed = 1; seed <= 100; seed++) {
      const raft = createRaftMonitor({ linearizability: false });
      const mismatches: string[] = [];
      // After every step: the monitor's mirror of each log equals the node's (or the persisted) log.
      const mirror: Monitor<RaftNode, RegisterInput, RegisterOutput> = {
        afterStep(cluster: ClusterView<RaftNode>) {
          if (cluster.step % 7 !== 0) return undefined;
          const views = raftClusterViews(cluster);
          for (const view of views) {
            const mirrored = raft.safety.log(view.node).map((e) => `${e.term}:${e.id}`).join("|");
            const real = view.log.map((e) => `${e.term}:${e.id}`).join("|");
            if (mirrored !== real) mismatches.push(`seed ${seed} step ${cluster.step} s${view.node}`);
          }
          return checkSnapshot(views, raft.safety.committed());
        },
      };
      const result = runScenario({ protocol: createRaftProtocol(), workload: registerWorkload, choices: new GeneratedChoices(seed), monitors: [raft, mirror] });
      expect(result.violation, `seed ${seed}`).toBeNull();
      expect(mismatches).toEqual([]);
    }
  });
});

describe("votes", () => {
  it("are observed when granted: in the all-zeros run s1 and s2 vote for s0 in term 1", () => {
    const run = runRaft({ choices: new ReplayedChoices([]), recordTrace: true });
    const votes = run.trace.flatMap((e) => (e.kind === "observation" && e.observation.kind === "voted" ? [e.observation] : []));
    expect(votes.map((v) => `${String(v["node"])}->${String(v["candidate"])}@${String(v["term"])}`).sort()).toEqual(["1->0@1", "2->0@1"]);
  });

  it("say whether the candidate's log was behind the voter's: never in correct Raft, sometimes without the election restriction", () => {
    const behind = (bugs: readonly "no_log_up_to_date_check"[], seed: number): boolean[] =>
      runRaft({ bugs, choices: new GeneratedChoices(seed), recordTrace: true }).trace.flatMap((e) =>
        e.kind === "observation" && isReplicaObservation(e.observation) && e.observation.kind === "voted" ? [e.observation.candidateLogBehind] : [],
      );
    const seeds = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(seeds.flatMap((seed) => behind([], seed)).includes(true)).toBe(false);
    expect(seeds.flatMap((seed) => behind(["no_log_up_to_date_check"], seed)).includes(true)).toBe(true);
  });
});
