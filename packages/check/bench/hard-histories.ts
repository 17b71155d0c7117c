import type { Operation, RegisterInput, RegisterOutput } from "../src/index.js";
import { prng } from "../test/support/distinct-histories.js";

/** A generated register history and the verdict it has by construction. */
export interface HardHistory {
  readonly name: string;
  readonly expected: "ok" | "illegal";
  readonly operations: Operation<RegisterInput, RegisterOutput>[];
}

/** Options of {@link generateHardHistory}. */
export interface HardHistoryOptions {
  readonly seed: number;
  readonly clients: number;
  readonly operations: number;
  /** Percentage of operations that never return. */
  readonly indeterminatePercent: number;
  /** Plant a stale read near the end (the history is then not linearizable). */
  readonly violation: boolean;
  /** Distinct values written (0 = every write unique). */
  readonly values?: number;
  /** Include compare-and-set operations (default true); false gives cx's own read/write workload. */
  readonly cas?: boolean;
  /**
   * A cas that never returned and never took effect compares against a value
   * drawn from the pool, as in Jepsen's etcd tests (default false: against
   * a value nobody writes, which can never match).
   */
  readonly pendingCasExpected?: boolean;
}


/**
 * Many concurrent clients on one register, long overlapping operations, many
 * that never return, each completed operation taking effect at a random
 * point of its interval (so the history is linearizable by construction).
 * With `violation`, one late read returns a value that had certainly been
 * overwritten: a write of it returned, then another write ran entirely
 * between that and the read, and no other operation writes that value.
 */
export function generateHardHistory(options: HardHistoryOptions): HardHistory {
  const draw = prng(options.seed);
  type Pending = { client: number; call: number; ret: number | null; point: number; input: RegisterInput; applies: boolean };
  const pending: Pending[] = [];
  const clientFree = Array.from({ length: options.clients }, (_, i) => i);
  let nextClient = options.clients;
  let counter = 0;
  // With few values, the first write stores a value of its own, so that a planted stale read of it is certainly illegal.
  let firstWritten = false;
  const value = (completedWrite: boolean): string => {
    if (!options.values) return `v${counter++}`;
    if (completedWrite && !firstWritten) {
      firstWritten = true;
      return "first";
    }
    return `v${draw(options.values)}`;
  };
  for (let k = 0; k < options.operations; k++) {
    const slot = draw(options.clients);
    const call = (clientFree[slot] as number) * 0 + k * 10 + draw(10);
    const duration = 5 + draw(options.clients * 10);
    const indeterminate = draw(100) < options.indeterminatePercent;
    const kind = draw(10);
    const writeBelow = options.cas === false ? 10 : 8;
    const input: RegisterInput = kind < 4 ? { op: "read" } : kind < writeBelow ? { op: "write", value: value(!indeterminate) } : { op: "cas", expected: "", value: value(false) };
    pending.push({ client: slot, call, ret: indeterminate ? null : call + duration, point: call + draw(duration + 1), input, applies: !indeterminate || draw(2) === 0 });
  }
  // Effects in linearisation-point order give the outputs.
  const order = pending.map((_, i) => i).sort((a, b) => (pending[a] as Pending).point - (pending[b] as Pending).point || a - b);
  let state: string | null = null;
  const outputs: RegisterOutput[] = new Array<RegisterOutput>(pending.length).fill(null);
  const inputs: RegisterInput[] = pending.map((p) => p.input);
  for (const i of order) {
    const p = pending[i] as Pending;
    if (!p.applies) continue;
    const input = p.input;
    if (input.op === "read") outputs[i] = state;
    else if (input.op === "write") state = input.value;
    else {
      // Make most cas compare against the current value so that they succeed.
      const expected = draw(3) === 0 || state === null ? "nope" : state;
      inputs[i] = { op: "cas", expected, value: input.value };
      const matches = state !== null && state === expected;
      outputs[i] = matches;
      if (matches) state = input.value;
    }
  }
  if (options.pendingCasExpected === true && options.values) {
    pending.forEach((p, i) => {
      const input = inputs[i] as RegisterInput;
      if (input.op === "cas" && input.expected === "") inputs[i] = { ...input, expected: `v${draw(options.values as number)}` };
    });
  }
  const operations: Operation<RegisterInput, RegisterOutput>[] = pending.map((p, i) => {
    const client = p.ret === null ? nextClient++ : p.client;
    return { client, call: p.call, return: p.ret, input: inputs[i] as RegisterInput, output: p.ret === null ? null : (outputs[i] as RegisterOutput) };
  });
  let expected: "ok" | "illegal" = "ok";
  const writers = new Map<string, number>();
  for (const op of operations) if (op.input.op !== "read") writers.set(op.input.value, (writers.get(op.input.value) ?? 0) + 1);
  if (options.violation) {
    // A late completed read; a completed write W1 returning before a completed write W2 that lies entirely before the read.
    const reads = operations.map((op, i) => ({ op, i })).filter(({ op }) => op.input.op === "read" && op.return !== null);
    for (let r = reads.length - 1; r >= 0 && expected === "ok"; r--) {
      const read = reads[r] as { op: Operation<RegisterInput, RegisterOutput>; i: number };
      const writes = operations.filter((op) => op.input.op === "write" && op.return !== null && op.return < read.op.call);
      for (const w2 of writes) {
        const w1 = writes.find((op) => (op.return as number) < w2.call && op.input.op === "write" && writers.get(op.input.value) === 1);
        if (w1 !== undefined && w1.input.op === "write" && writers.get(w1.input.value) === 1 && w2.input.op === "write" && w2.input.value !== w1.input.value) {
          operations[read.i] = { ...read.op, output: w1.input.value };
          expected = "illegal";
          break;
        }
      }
    }
  }
  const name = `reg${options.cas === false ? "-rw" : ""}${options.pendingCasExpected === true ? "-jepsen" : ""}-c${options.clients}-n${options.operations}-i${options.indeterminatePercent}${options.values ? `-v${options.values}` : ""}-${options.violation ? "bad" : "ok"}-s${options.seed}`;
  return { name, expected, operations };
}

/** The fixed set of hard histories timed by the benchmark and checked by the tests. */
export function hardHistorySet(): HardHistory[] {
  const set: HardHistory[] = [];
  for (const clients of [10, 20]) {
    for (const violation of [false, true]) {
      for (const seed of [1, 2]) set.push(generateHardHistory({ seed, clients, operations: 200, indeterminatePercent: 20, violation }));
    }
  }
  return set;
}

/** Read/write histories (distinct values, as cx's simulator writes) with 50 and 100 concurrent clients. */
export function wideHistorySet(): HardHistory[] {
  const set: HardHistory[] = [];
  for (const [clients, operations] of [
    [50, 400],
    [100, 2000],
  ] as const) {
    for (const violation of [false, true]) {
      for (const seed of [1, 2]) set.push(generateHardHistory({ seed, clients, operations, indeterminatePercent: 30, violation, cas: false }));
    }
  }
  return set;
}

/** 50 clients, 400 operations with cas, values drawn from a few (5 or 20, as in Jepsen's etcd tests), 25% never return. */
export function repeatedValueHistorySet(): HardHistory[] {
  const set: HardHistory[] = [];
  for (const values of [5, 20]) {
    for (const violation of [false, true]) set.push(generateHardHistory({ seed: 1, clients: 50, operations: 400, indeterminatePercent: 25, violation, values }));
  }
  return set;
}

/** As {@link repeatedValueHistorySet}, values drawn from 20, cas that never returned comparing against pool values too (Jepsen's etcd shape), several seeds. */
export function jepsenHistorySet(): HardHistory[] {
  const set: HardHistory[] = [];
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    for (const violation of [false, true]) set.push(generateHardHistory({ seed, clients: 50, operations: 400, indeterminatePercent: 25, violation, values: 20, pendingCasExpected: true }));
  }
  return set;
}
