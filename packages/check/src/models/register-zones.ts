import type { ModelDecision } from "../linearizability/model-decision.js";
import type { Operation } from "../linearizability/operation.js";
import { scheduleBlocks } from "./block-schedule.js";
import type { RegisterInput, RegisterOutput } from "./register-model.js";

type RegisterOperation = Operation<RegisterInput, RegisterOutput>;

/**
 * Decides a register history of reads and writes with distinct written
 * values exactly, in O(n log n), or answers `undefined` when that does not
 * apply (a cas that matters, a value written twice).
 *
 * With distinct values every linearization is a sequence of clusters: a
 * write, then the reads that returned its value, before the next write
 * (the reads of the empty register come first). Any order of clusters is
 * legal for the model, so only time matters: {@link scheduleBlocks}.
 * Indeterminate reads, and indeterminate writes or cas whose value nobody
 * reads, are left out: a linearization can always omit them.
 */
export function decideRegisterZones(operations: readonly RegisterOperation[]): ModelDecision | undefined {
  const observed = new Set<string>();
  for (const op of operations) {
    if (op.return !== null && op.input.op === "read" && typeof op.output === "string") observed.add(op.output);
  }
  const clusters = new Map<string, number[]>();
  for (let i = 0; i < operations.length; i++) {
    const op = operations[i] as RegisterOperation;
    const input = op.input;
    if (input.op === "read") continue;
    if (op.return === null && !observed.has(input.value)) continue;
    if (input.op === "cas" || clusters.has(input.value)) return undefined;
    clusters.set(input.value, [i]);
  }
  const empty: number[] = [];
  for (let i = 0; i < operations.length; i++) {
    const op = operations[i] as RegisterOperation;
    if (op.input.op !== "read" || op.return === null) continue;
    if (typeof op.output === "boolean") return undefined;
    const cluster = op.output === null ? empty : clusters.get(op.output);
    // A value nobody wrote: never legal (the short witness search explains it).
    if (cluster === undefined) return { verdict: "illegal" };
    cluster.push(i);
  }
  const byCall = (a: number, b: number): number => (operations[a] as RegisterOperation).call - (operations[b] as RegisterOperation).call || a - b;
  const blocks = [...clusters.values()].map(([write, ...reads]) => [write as number, ...reads.sort(byCall)]);
  return scheduleBlocks(operations, blocks, empty.length === 0 ? undefined : empty.sort(byCall));
}
