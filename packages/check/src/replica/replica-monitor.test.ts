import { describe, expect, it } from "vitest";
import { checkLinearizability } from "../linearizability/check-linearizability.js";
import { registerModel, type RegisterInput, type RegisterOutput } from "../models/register-model.js";
import { createReplicaMonitor, type ReplicaHistoryOperation } from "./replica-monitor.js";

type Op = ReplicaHistoryOperation<RegisterInput, RegisterOutput>;
/** `client#seq` writes `value` over `[call, return]` (return null: never answered). */
const write = (id: `${number}#${number}`, value: string, [call, ret]: [number, number | null]): Op => ({ ...who(id), call, return: ret, input: { op: "write", value }, output: null });
/** `client#seq` reads `value` over `[call, return]`. */
const read = (id: `${number}#${number}`, value: string | null, [call, ret]: [number, number]): Op => ({ ...who(id), call, return: ret, input: { op: "read" }, output: value });
function who(id: string): { client: number; seq: number } {
  const [client, seq] = id.split("#").map(Number);
  return { client: client ?? 0, seq: seq ?? 0 };
}

// A stale read (client 1's read of the initial null long after two writes
// returned) in a history whose checker witness gets stuck on a legal write.
const history: Op[] = [
  write("0#1", "0.1", [200, 647]),
  read("1#1", null, [200, 351]),
  write("2#1", "2.1", [200, 517]),
  read("2#2", "0.1", [600, 649]),
  write("0#2", "0.2", [648, null]),
  read("1#2", "0.1", [660, 849]),
  read("2#3", "0.1", [1010, 1190]),
  read("1#3", "0.1", [1060, 1255]),
  write("2#4", "2.4", [1400, 2264]),
  read("1#4", null, [1450, 1807]),
  write("1#5", "1.5", [1828, 2263]),
  read("2#5", "2.4", [2275, 2283]),
];

const finish = (ops: readonly Op[]) => createReplicaMonitor({ model: registerModel }).finish({ history: ops, calmStartedAt: null, cluster: { time: 2500 } });

describe("the replica monitor's linearizability violation", () => {
  it("names the operation no order can place, the stale read, with the write it should have seen", () => {
    const violation = finish(history);
    expect(violation?.invariant).toBe("Linearizability");
    expect(violation?.subjects.operations).toEqual([
      { client: 1, seq: 4, call: 1450, role: "unplaceable" },
      { client: 0, seq: 1, call: 200, role: "preceding" },
    ]);
    expect(violation?.message).toBe(`the client history is not linearizable: no order explains client 1's read() -> empty [1450..1807 ms], called after client 0's write("0.1") [200..647 ms] returned`);
  });

  it("finds it wherever it lies in the history, by client and call time when the history has no seq", () => {
    const withoutSeq = history.map(({ seq: _, ...op }) => op);
    expect(finish(withoutSeq)?.subjects.operations[0]).toEqual({ client: 1, call: 1450, role: "unplaceable" });
    const early = [write("0#1", "a", [0, 10]), read("1#1", null, [20, 30]), ...history.map((op) => ({ ...op, call: op.call + 1000, return: op.return === null ? null : op.return + 1000 }))];
    expect(finish(early)?.subjects.operations[0]).toEqual({ client: 1, seq: 1, call: 20, role: "unplaceable" });
  });

  it("falls back to what the checker's witness names, marked involved, when a shorter check runs out of budget", () => {
    // The model decides only the whole history at once (a few steps), and the budget is exactly what that
    // takes; every shorter history needs a search, and after a long legal stretch (40 writes) it cannot
    // finish within that budget.
    const long = [...Array.from({ length: 40 }, (_, i) => write(`3#${i + 1}`, `3.${i + 1}`, [i * 4, i * 4 + 1])), ...history.map((op) => ({ ...op, call: op.call + 200, return: op.return === null ? null : op.return + 200 }))];
    const wholeOnly = { ...registerModel, decide: (ops: readonly Op[]) => (ops.length === long.length ? registerModel.decide?.(ops) : undefined) };
    const budgetSteps = checkLinearizability(wholeOnly, long).steps;
    const violation = createReplicaMonitor({ model: wholeOnly, budgetSteps }).finish({ history: long, calmStartedAt: null, cluster: { time: 2500 } });
    expect(violation?.invariant).toBe("Linearizability");
    expect(violation?.message).toMatch(/^the client history is not linearizable: no order explains .* once the register is .* after \d+ operations$/);
    expect(violation?.subjects.operations).toHaveLength(1);
    expect(violation?.subjects.operations[0]?.role).toBe("involved");
  });

  it("reports nothing for a linearizable history", () => {
    expect(finish(history.filter((op) => !(op.client === 1 && op.seq === 4)))).toBeUndefined();
  });
});
