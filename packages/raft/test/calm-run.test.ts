import { isReplicaObservation } from "@cx/check";
import { ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { runRaft } from "../src/index.js";

describe("the all-zeros run on correct Raft", () => {
  const result = runRaft({ choices: new ReplayedChoices([]), recordTrace: true });

  it("reports no violation", () => {
    expect(result.violation).toBeNull();
  });

  it("elects s0 once, early, and never again", () => {
    const elections = result.trace.filter((e) => e.kind === "observation" && isReplicaObservation(e.observation) && e.observation.kind === "role" && e.observation.role === "leader");
    expect(elections).toHaveLength(1);
    expect(elections[0]).toMatchObject({ node: 0 });
    expect(elections[0]?.time).toBeLessThan(200);
    expect(result.raft.leaderChanges).toBe(1);
  });

  it("answers every client operation and commits each one", () => {
    expect(result.history.length).toBeGreaterThan(0);
    expect(result.history.every((op) => op.return !== null)).toBe(true);
    expect(result.raft.commitIndex).toBe(result.history.length);
  });

  it("reads what it wrote", () => {
    const reads = result.history.filter((op) => op.input.op === "read");
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((op) => typeof op.output === "string")).toBe(true);
  });
});
