import type { KvInput, KvOutput, Operation } from "../src/index.js";
import { prng } from "../test/support/distinct-histories.js";
import { effectOrder, timedOperations, timeline, type TimedCall, type TimelineShape } from "./client-timeline.js";

/** Options of {@link generateKvShape}: everything a history is drawn from, the seed included. */
export interface KvShape extends TimelineShape {
  readonly seed: number;
  /** Keys drawn uniformly for each operation. */
  readonly keys: number;
  /** Values each put draws from, per key: 0 = every put writes a value of its own. */
  readonly values: number;
  /** Plant one stale get late in the history (at `staleAt` of it, default 0.9): the history is then not linearizable. */
  readonly stale: boolean;
  readonly staleAt?: number;
}

/** A generated history, its verdict by construction, and the planted get if any. */
export interface KvShapeHistory {
  readonly name: string;
  readonly expected: "ok" | "illegal";
  readonly operations: Operation<KvInput, KvOutput>[];
  /** Index of the planted stale get. */
  readonly planted?: number;
}

/** The name of a shape's history: every parameter that changes it. */
export function kvShapeName(shape: KvShape): string {
  const values = shape.values === 0 ? "unique" : `v${shape.values}`;
  return `kv-n${shape.operations}-k${shape.keys}-c${shape.clients}-p${shape.pendingPercent}-${values}-${shape.stale ? "bad" : "ok"}-s${shape.seed}`;
}

/**
 * A put/get history on string keys, legal by construction: Jepsen-style
 * clients (a call, 1-20 ticks until the answer, 0-4 ticks until the next
 * call), each operation taking effect at a drawn instant of its interval,
 * and the answers of the gets computed by running the operations in that
 * order on a real store. A call that never returned took effect at a drawn
 * instant after its call, or never.
 *
 * Values: with `values: 0` each put writes a value of its own; otherwise
 * puts draw from `values` values per key (so most values are written many
 * times), except that the first completed put of each key writes a value of
 * its own, `first-KEY`, for the stale get below.
 *
 * With `stale`, one completed get late in the history (the first one at or
 * after `staleAt` that qualifies) is made to answer a value that was
 * certainly overwritten: the value of a put W1 that is the only operation
 * ever to write it, while a completed put W2 of another value on that key
 * was called after W1 returned and returned before the get was called. In
 * every order that respects real time W1 precedes W2 precedes the get, and
 * no other put can restore W1's value, so no linearization exists. Only
 * that one answer differs from the legal history of the same shape.
 */
export function generateKvShape(shape: KvShape): KvShapeHistory {
  const draw = prng(shape.seed * 2_654_435_761 + shape.operations);
  const drafts = timeline(draw, shape);
  const firstPutOfKey = new Set<string>();
  const inputs: KvInput[] = drafts.map((d, i) => {
    const key = `k${draw(shape.keys)}`;
    if (draw(2) === 0) return { op: "get", key };
    if (shape.values === 0) return { op: "put", key, value: `v${i}` };
    if (d.ret !== null && !firstPutOfKey.has(key)) {
      firstPutOfKey.add(key);
      return { op: "put", key, value: `first-${key}` };
    }
    return { op: "put", key, value: `v${draw(shape.values)}` };
  });
  const outputs: KvOutput[] = drafts.map(() => null);
  const store = new Map<string, string>();
  for (const i of effectOrder(drafts)) {
    if (!(drafts[i] as TimedCall).applies) continue;
    const input = inputs[i] as KvInput;
    if (input.op === "get") outputs[i] = store.get(input.key) ?? "";
    else if (input.op === "put") store.set(input.key, input.value);
  }
  const operations = timedOperations(drafts, { inputs, outputs });
  const name = kvShapeName(shape);
  if (!shape.stale) return { name, expected: "ok", operations };
  const planted = plantStaleGet(operations, shape.staleAt ?? 0.9);
  if (planted === -1) throw new Error(`${name}: no get late enough to make stale`);
  return { name, expected: "illegal", operations, planted };
}

/**
 * Makes the first qualifying completed get at or after `at` (a fraction of
 * the history) answer a certainly overwritten value (see generateKvShape);
 * answers its index, or -1.
 */
function plantStaleGet(operations: Operation<KvInput, KvOutput>[], at: number): number {
  const writers = new Map<string, number>();
  for (const op of operations) {
    if (op.input.op === "get") continue;
    const id = `${op.input.key}\u0000${op.input.value}`;
    writers.set(id, (writers.get(id) ?? 0) + 1);
  }
  // Per key: the earliest-returning completed put whose value nobody else writes (W1), found in call order.
  const firstUnique = new Map<string, Operation<KvInput, KvOutput>>();
  for (const op of operations) {
    if (op.input.op !== "put" || op.return === null || firstUnique.has(op.input.key)) continue;
    if (writers.get(`${op.input.key}\u0000${op.input.value}`) === 1) firstUnique.set(op.input.key, op);
  }
  for (let r = Math.floor(at * operations.length); r < operations.length; r++) {
    const get = operations[r] as Operation<KvInput, KvOutput>;
    if (get.input.op !== "get" || get.return === null) continue;
    const w1 = firstUnique.get(get.input.key);
    if (w1 === undefined || w1.input.op !== "put" || get.output === w1.input.value) continue;
    const value = w1.input.value;
    const key = get.input.key;
    const w2 = operations.find((op) => op.input.op === "put" && op.input.key === key && op.input.value !== value && op.return !== null && op.call > (w1.return as number) && op.return < get.call);
    if (w2 === undefined) continue;
    operations[r] = { ...get, output: value };
    return r;
  }
  return -1;
}

/** One row of the hard-shapes benchmark: a shape of the issue, a variant of it, and the histories of that variant. */
export interface KvShapeRow {
  /** 1 to 5, as numbered in the benchmark's doc. */
  readonly shape: number;
  readonly row: string;
  readonly history: KvShape;
}

/**
 * The five key-value shapes no checker had decided within 30 s (see
 * bench/hard-shapes.ts), each in its variants: a legal and an illegal
 * history (one late stale get), written values unique or drawn from five
 * per key. Where the shape does not say: 10 clients, and 10% of calls
 * left pending; shapes 2, 4 and 5 also come without any pending call.
 */
export function hardKvShapes(): KvShapeRow[] {
  const rows: KvShapeRow[] = [];
  const add = (shape: number, row: string, base: Omit<KvShape, "values" | "stale" | "seed">): void => {
    for (const values of [0, 5]) {
      for (const stale of [false, true]) {
        rows.push({ shape, row: `${row}, ${values === 0 ? "unique values" : "5 values a key"}, ${stale ? "late stale get" : "legal"}`, history: { ...base, seed: 1, values, stale } });
      }
    }
  };
  add(1, "10k ops, 10 keys, 30% pending", { operations: 10_000, keys: 10, clients: 10, pendingPercent: 30 });
  add(2, "20k ops, 1 key, 10% pending", { operations: 20_000, keys: 1, clients: 10, pendingPercent: 10 });
  add(3, "20k ops, 2 keys, 50% pending", { operations: 20_000, keys: 2, clients: 10, pendingPercent: 50 });
  add(4, "50k ops, 2 keys, 10% pending", { operations: 50_000, keys: 2, clients: 10, pendingPercent: 10 });
  add(5, "100k ops, 5 keys, 20 clients, 10% pending", { operations: 100_000, keys: 5, clients: 20, pendingPercent: 10 });
  add(2, "20k ops, 1 key, no pending", { operations: 20_000, keys: 1, clients: 10, pendingPercent: 0 });
  add(4, "50k ops, 2 keys, no pending", { operations: 50_000, keys: 2, clients: 10, pendingPercent: 0 });
  add(5, "100k ops, 5 keys, 20 clients, no pending", { operations: 100_000, keys: 5, clients: 20, pendingPercent: 0 });
  return rows;
}
