import { hunt, shrink } from "@cx/search";
import { GeneratedChoices, huntScenarioOverrides, ReplayedChoices, type HistoryOperation } from "@cx/sim";
import { describeProtocolContract } from "@cx/vitest";
import { describe, expect, it } from "vitest";
import { participantsOf, protocolPlugin, txClient, type TxInput, type TxOutput } from "../src/index.js";

// The laws every protocol keeps, in one call: the all-zeros run is healthy, the same choices give the
// same trace (twice, in a worker thread, in another process), a replay equals the original, and the
// correct version survives 300 generated runs. Two-phase commit keeps no replicated log: no replica
// views to mirror. The 10,000-schedule trust run is `pnpm bench` (bench/run.ts).
describeProtocolContract(protocolPlugin, { runs: 300, mirror: false, module: new URL("../src/index.ts", import.meta.url) });

const HUNT_BUDGET = 300;

/** What each defect breaks first: a participant's outcome against another's, or against what a client was told (whichever the schedule reaches first). */
const EXPECTED: Readonly<Record<string, readonly string[]>> = {
  answer_before_sync: ["AnsweredOutcome", "Atomicity"],
  forget_prepared: ["AnsweredOutcome", "Atomicity"],
  commit_on_majority: ["AnsweredOutcome", "Atomicity"],
};

describe("the two-phase-commit example's seeded defects", () => {
  const huntFor = (defects: readonly string[]) =>
    hunt({ target: protocolPlugin.createTarget({ defects, options: huntScenarioOverrides }), strategy: "random", budget: HUNT_BUDGET, seed: 1 });

  for (const defect of protocolPlugin.defects) {
    it(`a hunt finds ${defect.name}: a transaction's outcome is not the same everywhere`, () => {
      const result = huntFor([defect.name]);
      expect(EXPECTED[defect.name]).toContain(defect.caughtBy);
      expect(EXPECTED[defect.name], `seed 1, ${HUNT_BUDGET} random runs`).toContain(result.found ? result.outcome.violation?.invariant : "nothing found");
    });
  }

  it("the correct protocol survives the same hunt", () => {
    const result = huntFor([]);
    expect(result.found ? `${result.outcome.violation?.invariant}: ${result.outcome.violation?.message}` : "none").toBe("none");
  });
});

describe("shrinking a find of answer_before_sync", () => {
  it("keeps one of the hunt's four nemesis crashes and writes it as a fault tick's crash, where dropping any one alone loses the failure", () => {
    // Seed 1's find, at the fixed point the other passes reach: the answered commit comes late because
    // three earlier crashes of the coordinator held it up, and the last crash lands before the sync tick.
    const unusual: Readonly<Record<number, number>> = { 6: 6, 18: 1, 28: 1, 36: 1, 48: 90, 49: 1, 84: 90, 85: 1, 96: 90, 97: 1, 163: 90, 164: 1 };
    const choices = Array.from({ length: 165 }, (_, i) => unusual[i] ?? 0);
    const target = protocolPlugin.createTarget({ defects: ["answer_before_sync"], options: huntScenarioOverrides });
    const alone = shrink({ target, choices, violation: { invariant: "AnsweredOutcome" }, passes: ["delete-span-runs", "zero-chunks", "lower-values"], finalPasses: [] });
    expect(alone.choices.length).toBe(165);
    const result = shrink({ target, choices, violation: { invariant: "AnsweredOutcome" }, passes: ["place-decisions"], finalPasses: [] });
    expect(result.outcome.violation?.invariant).toBe("AnsweredOutcome");
    const traced = protocolPlugin.run({ defects: ["answer_before_sync"], options: huntScenarioOverrides, choices: new ReplayedChoices(result.choices), recordTrace: true });
    const crashes = traced.trace.filter((event) => event.kind === "crash");
    expect(crashes.length).toBe(1);
    expect(result.choices.length).toBeLessThan(choices.length);
  });
});

describe("two-phase commit on a calm run", () => {
  const run = protocolPlugin.run({ choices: new ReplayedChoices([]), recordTrace: true });
  const history = run.history as readonly HistoryOperation<TxInput, TxOutput>[];

  it("commits every transaction, at both participants, and tells every client so", () => {
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((o) => o.input.op === "commit" && o.output === "committed")).toBe(true);
    const commits = run.trace.flatMap((e) => (e.kind === "observation" && e.observation.kind === "commits" ? [`${e.node}:${String(e.observation["tx"])}`] : []));
    expect(commits.length).toBe(2 * history.length);
  });

  it("calls node 0 the coordinator, in its first incarnation", () => {
    expect(protocolPlugin.vocabulary).toMatchObject({ epoch: "incarnation", leader: "coordinator", follower: "participant" });
    const roles = run.trace.flatMap((e) => (e.kind === "observation" && e.observation.kind === "role" ? [e.observation] : []));
    expect(roles).toEqual([{ kind: "role", node: 0, role: "leader", term: 1 }]);
  });
});

describe("the clients' program", () => {
  it("asks what became of a transaction it gave up on before it starts another", () => {
    const choices = new ReplayedChoices([]);
    const unknown = { input: { op: "commit", tx: "0.1", keys: ["a", "b"] } as const, answered: false as const };
    expect(txClient.react(choices, { client: 0, seq: 2, past: [unknown], now: 600 })).toEqual({ op: "status", tx: "0.1" });
    const known = { input: { op: "commit", tx: "0.1", keys: ["a", "b"] } as const, answered: true as const, output: "committed" as const };
    expect(txClient.react(choices, { client: 0, seq: 2, past: [known], now: 600 })).toEqual({ op: "commit", tx: "0.2", keys: ["a", "b"] });
  });

  it("names each transaction by the client and the operation that started it, and keeps its keys on the participants", () => {
    const run = protocolPlugin.run({ choices: new GeneratedChoices(7) });
    const commits = (run.history as readonly HistoryOperation<TxInput, TxOutput>[]).filter((o) => o.input.op === "commit");
    expect(commits.every((o) => o.input.tx === `${o.client}.${o.seq}`)).toBe(true);
    expect(participantsOf(["a", "b"], 3)).toEqual([1, 2]);
    expect(participantsOf(["b"], 5)).toEqual([2]);
  });
});
