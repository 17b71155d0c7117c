import { createRaftTarget, runRaft } from "@cx/raft";
import { huntScenarioOptions, ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { failureEvidentAt, measureNormalForm } from "../src/normal-form.js";

describe("the drawn horizon on Raft", () => {
  it("keeps the all-zeros run healthy: one leader, every client operation answered and committed, no violation", () => {
    const result = runRaft({ choices: new ReplayedChoices([]), options: huntScenarioOptions });
    expect(result.violation).toBeNull();
    expect(result.raft.leaderChanges).toBe(1);
    expect(result.history.every((op) => op.return !== null)).toBe(true);
    expect(result.raft.commitIndex).toBe(result.history.length);
    expect(result.endTime).toBeLessThan(runRaft({ choices: new ReplayedChoices([]) }).endTime);
  });

  it("leaves a counterexample saved before it replaying as it did (the README's of version 0.1, without the option)", () => {
    const saved = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 95, 0, 0, 3];
    const result = runRaft({ bugs: ["no_log_up_to_date_check"], choices: new ReplayedChoices(saved) });
    expect(result.violation?.message).toBe("s0 became leader in term 3 without entry 1, which was committed in term 1");
    expect(result.violation?.time).toBe(502);
  });
});

describe("failureEvidentAt", () => {
  it("is the violation's own time for a property checked as the run goes", () => {
    const target = createRaftTarget({ bugs: ["no_log_up_to_date_check"] });
    const run = target.run(new ReplayedChoices([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 95, 0, 0, 3]));
    expect(failureEvidentAt(run)).toBe(run.violation?.time);
  });

  it("is the end of a healthy run", () => {
    const run = runRaft({ choices: new ReplayedChoices([]) });
    expect(failureEvidentAt(run)).toBe(run.endTime);
  });
});

describe("measureNormalForm", () => {
  it("counts finds and the share reaching the most common shrunk list", () => {
    const [row] = measureNormalForm({ bugs: ["vote_twice_in_term"], seeds: 2, huntBudget: 100, strategy: "random", scenario: huntScenarioOptions, shrink: { candidateRunsMax: 60 } });
    expect(row?.hunts).toBe(2);
    expect(row?.finds).toBeGreaterThan(0);
    expect(row?.normalFormRate).toBeGreaterThan(0);
    expect(row?.normalFormRate).toBeLessThanOrEqual(1);
    expect(row?.distinctLists).toBeLessThanOrEqual(row?.finds ?? 0);
  });
});
