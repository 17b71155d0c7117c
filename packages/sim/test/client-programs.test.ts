import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GeneratedChoices, ReplayedChoices, runScenario, type Monitor, type RegisterInput, type RegisterOutput, type Workload } from "../src/index.js";
import { primaryBackup, type PrimaryBackupNode } from "./fixtures/primary-backup.js";

/**
 * A read-modify-write client: it reads, then writes what it read with its
 * own mark appended, then reads again; a given-up read makes it read again.
 */
const readModifyWrite: Workload<RegisterInput, RegisterOutput> = {
  react(choices, { client, past }) {
    const last = past[past.length - 1];
    choices.draw(2, "think"); // a decision the client still draws, as every decision is
    if (last === undefined || last.input.op !== "read" || !last.answered) return { op: "read" };
    const read = typeof last.output === "string" ? last.output : "";
    return { op: "write", value: `${read}+${client}` };
  },
  probe: (client, seq) => ({ op: "write", value: `probe ${client}.${seq}` }),
  describe: (input) => (input.op === "write" ? `write ${input.value}` : input.op),
};

const run = (choices: GeneratedChoices | ReplayedChoices, monitors: Monitor<PrimaryBackupNode, RegisterInput, RegisterOutput>[] = []) =>
  runScenario({ protocol: primaryBackup, workload: readModifyWrite, choices, monitors, recordTrace: true, options: { clients: 2, opsPerClient: 6 } });

describe("clients as programs", () => {
  it("a client sees each answer before it picks its next operation (read, then write what it read)", () => {
    const result = run(new GeneratedChoices(7));
    let checked = 0;
    for (const client of [0, 1]) {
      const ops = result.history.filter((op) => op.client === client);
      for (let i = 1; i < ops.length; i++) {
        const before = ops[i - 1];
        const op = ops[i];
        if (before === undefined || op === undefined || op.input.op !== "write") continue;
        expect(before.input.op).toBe("read");
        expect(op.input.value).toBe(`${typeof before.output === "string" ? before.output : ""}+${client}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2);
  });

  it("a run with reacting clients replays exactly from its choices", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const original = run(new GeneratedChoices(seed));
        const replay = run(new ReplayedChoices(original.choices));
        expect(replay.history).toEqual(original.history);
        expect(replay.trace).toEqual(original.trace);
      }),
      { numRuns: 25 },
    );
  });
});

describe("history properties checked as the run goes", () => {
  it("an operation monitor stops the run at the step of the answer that broke it", () => {
    // "No read ever returns a value that carries two marks": broken by the second round of read-modify-write.
    const twoMarks: Monitor<PrimaryBackupNode, RegisterInput, RegisterOutput> = {
      onOperation(operation) {
        const out = operation.output;
        if (operation.input.op === "read" && typeof out === "string" && (out.match(/\+/g) ?? []).length >= 2) {
          return { invariant: "AtMostOneMark", message: `c${operation.client}#${operation.seq} read ${out}`, subjects: { property: "safety", operations: [{ client: operation.client, seq: operation.seq, role: "involved" }] } };
        }
        return undefined;
      },
    };
    const seed = [...Array(50).keys()].find((s) => run(new GeneratedChoices(s + 1), [twoMarks]).violation !== null);
    expect(seed, "a seed below 50 whose clients read a value with two marks").toBeDefined();
    const result = run(new GeneratedChoices((seed ?? 0) + 1), [twoMarks]);
    const violation = result.violation;
    expect(violation?.invariant).toBe("AtMostOneMark");
    if (violation === null) return;
    // Checked at the end instead, the same run would have gone on past the answer.
    expect(run(new GeneratedChoices((seed ?? 0) + 1)).endTime).toBeGreaterThan(violation.time);
    const subject = violation.subjects?.operations?.[0];
    const answer = result.trace.find((e) => e.kind === "client-response" && e.client === subject?.client && e.seq === subject.seq && e.response.kind === "ok");
    expect(answer?.step).toBe(violation.step);
    expect(answer?.time).toBe(violation.time);
    // Nothing happens after the violation: the run stopped there, not at the end.
    expect(result.trace.every((e) => e.step <= violation.step)).toBe(true);
    expect(result.endTime).toBe(violation.time);
  });

  it("an operation monitor also hears of operations the client gave up on, with no answer", () => {
    const ended: { client: number; seq: number; answered: boolean }[] = [];
    const listener: Monitor<PrimaryBackupNode, RegisterInput, RegisterOutput> = {
      onOperation(operation, history) {
        expect(history).toContain(operation);
        ended.push({ client: operation.client, seq: operation.seq, answered: operation.return !== null });
        return undefined;
      },
    };
    // Search seeds for a run where some client gives up (a long partition or crash).
    for (let seed = 1; seed < 200; seed++) {
      ended.length = 0;
      const result = run(new GeneratedChoices(seed), [listener]);
      const gaveUp = result.trace.filter((e) => e.kind === "client-give-up").map((e) => (e.kind === "client-give-up" ? `${e.client}#${e.seq}` : ""));
      if (gaveUp.length === 0) continue;
      expect(ended.filter((e) => !e.answered).map((e) => `${e.client}#${e.seq}`)).toEqual(gaveUp);
      expect(ended.filter((e) => e.answered)).toHaveLength(result.history.filter((op) => op.return !== null).length);
      return;
    }
    throw new Error("no seed below 200 made a client give up");
  });
});
