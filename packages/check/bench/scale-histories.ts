import type { KvInput, KvOutput, Operation, RegisterInput, RegisterOutput } from "../src/index.js";
import { prng } from "../test/support/distinct-histories.js";
import { effectOrder, timedOperations, timeline, type TimedCall, type TimelineShape } from "./client-timeline.js";

/** Options of {@link generateScaleHistory}. */
export interface ScaleShape extends TimelineShape {
  readonly model: "kv" | "register";
  readonly seed: number;
  /** kv only: keys drawn uniformly. */
  readonly keys?: number;
  /** Values drawn from this many (0 = every written value distinct). */
  readonly values: number;
  /** Register only: include compare-and-set (default true). */
  readonly cas?: boolean;
  /**
   * Corrupt one completed read near the end (at `corruptAt` of the history,
   * default 0.9) so that the history is certainly not linearizable: a
   * register read returns the first value ever stored, which was written
   * once and certainly overwritten before the read began; a kv get returns
   * what it saw followed by a value nobody appended.
   */
  readonly corrupt?: boolean;
  readonly corruptAt?: number;
}

/** A generated history, its verdict by construction, and the corrupted operation if any. */
export interface ScaleHistory<Input, Output> {
  readonly name: string;
  readonly expected: "ok" | "illegal";
  readonly operations: Operation<Input, Output>[];
  /** Index of the corrupted read in `operations`. */
  readonly corrupted?: number;
}

function name(shape: ScaleShape): string {
  const keys = shape.model === "kv" ? `-k${shape.keys ?? 1}` : "";
  const values = shape.values === 0 ? "distinct" : `v${shape.values}`;
  const cas = shape.model === "register" && shape.cas === false ? "-rw" : "";
  return `${shape.model}${cas}-c${shape.clients}${keys}-p${shape.pendingPercent}-${values}-n${shape.operations}-${shape.corrupt === true ? "bad" : "ok"}-s${shape.seed}`;
}

/** A kv history (get/put/append on `keys` keys), legal by construction unless `corrupt`. */
export function generateKvHistory(shape: ScaleShape): ScaleHistory<KvInput, KvOutput> {
  const draw = prng(shape.seed * 7919 + 17);
  const drafts = timeline(draw, shape);
  const keys = shape.keys ?? 1;
  const inputs: KvInput[] = drafts.map((_, i) => {
    const key = String(draw(keys));
    const kind = draw(10);
    const value = shape.values === 0 ? `${i};` : `${draw(shape.values)};`;
    return kind < 5 ? { op: "get", key } : kind < 7 ? { op: "put", key, value } : { op: "append", key, value };
  });
  const outputs: KvOutput[] = drafts.map(() => null);
  const state = new Map<string, string>();
  for (const i of effectOrder(drafts)) {
    if (!(drafts[i] as TimedCall).applies) continue;
    const input = inputs[i] as KvInput;
    const current = state.get(input.key) ?? "";
    if (input.op === "get") outputs[i] = current;
    else state.set(input.key, input.op === "put" ? input.value : current + input.value);
  }
  const operations = timedOperations(drafts, { inputs, outputs });
  if (shape.corrupt !== true) return { name: name(shape), expected: "ok", operations };
  const at = Math.floor((shape.corruptAt ?? 0.9) * operations.length);
  for (let i = at; i < operations.length; i++) {
    const op = operations[i] as Operation<KvInput, KvOutput>;
    if (op.input.op !== "get" || op.return === null) continue;
    operations[i] = { ...op, output: `${op.output as string}never;` };
    return { name: name(shape), expected: "illegal", operations, corrupted: i };
  }
  throw new Error(`${name(shape)}: no completed get to corrupt after ${at}`);
}

/** A register history (read/write, and cas unless `cas: false`), legal by construction unless `corrupt`. */
export function generateRegisterHistory(shape: ScaleShape): ScaleHistory<RegisterInput, RegisterOutput> {
  const draw = prng(shape.seed * 104729 + 3);
  const drafts = timeline(draw, shape);
  const withCas = shape.cas !== false;
  // The first write that certainly takes effect stores a value of its own, for the corruption below.
  let first = -1;
  const inputs: RegisterInput[] = drafts.map((d, i) => {
    const kind = draw(10);
    const value = shape.values === 0 ? `v${i}` : `${draw(shape.values)}`;
    if (kind < 5) return { op: "read" };
    if (kind < 8 || !withCas) {
      if (first === -1 && d.ret !== null) {
        first = i;
        return { op: "write", value: "first" };
      }
      return { op: "write", value };
    }
    return { op: "cas", expected: shape.values === 0 ? `v${draw(i + 1)}` : `${draw(shape.values)}`, value };
  });
  const outputs: RegisterOutput[] = drafts.map(() => null);
  let state: string | null = null;
  for (const i of effectOrder(drafts)) {
    const input = inputs[i] as RegisterInput;
    if (input.op === "cas" && draw(2) === 0 && state !== null) inputs[i] = { ...input, expected: state };
    if (!(drafts[i] as TimedCall).applies) continue;
    const now = inputs[i] as RegisterInput;
    if (now.op === "read") outputs[i] = state;
    else if (now.op === "write") state = now.value;
    else {
      const matches = state !== null && state === now.expected;
      outputs[i] = matches;
      if (matches) state = now.value;
    }
  }
  const operations = timedOperations(drafts, { inputs, outputs });
  if (shape.corrupt !== true) return { name: name(shape), expected: "ok", operations };
  const firstOp = operations[first];
  if (firstOp === undefined || firstOp.return === null) throw new Error(`${name(shape)}: no completed first write`);
  // A completed write of another value entirely after the first write, then a read entirely after it.
  const later = operations.findIndex((op) => op.input.op === "write" && op.input.value !== "first" && op.return !== null && op.call > (firstOp.return as number));
  const overwrittenBy = operations[later];
  if (overwrittenBy === undefined) throw new Error(`${name(shape)}: nothing overwrites the first write`);
  const at = Math.max(later + 1, Math.floor((shape.corruptAt ?? 0.9) * operations.length));
  for (let i = at; i < operations.length; i++) {
    const op = operations[i] as Operation<RegisterInput, RegisterOutput>;
    if (op.input.op !== "read" || op.return === null || op.call <= (overwrittenBy.return as number)) continue;
    operations[i] = { ...op, output: "first" };
    return { name: name(shape), expected: "illegal", operations, corrupted: i };
  }
  throw new Error(`${name(shape)}: no completed read to corrupt after ${at}`);
}

/** Either generator, by `shape.model`. */
export function generateScaleHistory(shape: ScaleShape): ScaleHistory<KvInput, KvOutput> | ScaleHistory<RegisterInput, RegisterOutput> {
  return shape.model === "kv" ? generateKvHistory(shape) : generateRegisterHistory(shape);
}
