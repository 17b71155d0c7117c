import { isReplicaObservation } from "@cx/check";
import { ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { runPaxos } from "../src/index.js";

describe("the all-zeros run on correct Paxos", () => {
  const result = runPaxos({ choices: new ReplayedChoices([]), recordTrace: true });

  it("reports no violation", () => {
    expect(result.violation).toBeNull();
  });

  it("elects s0 once, early, in its first ballot, and never again", () => {
    const leaders = result.trace.filter((e) => e.kind === "observation" && isReplicaObservation(e.observation) && e.observation.kind === "role" && e.observation.role === "leader");
    expect(leaders).toHaveLength(1);
    expect(leaders[0]).toMatchObject({ node: 0, observation: { term: 3 } });
    expect(leaders[0]?.time).toBeLessThan(200);
    expect(result.paxos.leaderChanges).toBe(1);
    expect(result.paxos.elections).toBe(1);
  });

  it("answers every client operation and chooses a slot for each one", () => {
    expect(result.history.length).toBeGreaterThan(0);
    expect(result.history.every((op) => op.return !== null)).toBe(true);
    expect(result.paxos.commitIndex).toBe(result.history.length);
  });

  it("reads what it wrote", () => {
    const reads = result.history.filter((op) => op.input.op === "read");
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((op) => typeof op.output === "string")).toBe(true);
  });
});
