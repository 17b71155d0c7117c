import type { KvInput, KvOutput, Operation, RegisterInput, RegisterOutput } from "../../src/index.js";

/** xorshift32: deterministic draws in [0, n). */
export function prng(seed: number): (n: number) => number {
  let x = seed | 0 || 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

/** Shape of a random history: sizes and percentages. */
export interface Shape {
  readonly operations: number;
  /** Calls are drawn in [0, span); small spans give many equal timestamps. */
  readonly span: number;
  readonly lengthMax: number;
  readonly pendingPercent: number;
  /** Percentage of completed observations replaced by a plausible wrong one. */
  readonly flipPercent: number;
}

interface Draft {
  readonly call: number;
  readonly ret: number | null;
  readonly point: number;
  readonly applies: boolean;
}

function drafts(draw: (n: number) => number, shape: Shape): Draft[] {
  return Array.from({ length: shape.operations }, () => {
    const call = draw(shape.span);
    const length = draw(shape.lengthMax + 1);
    const pending = draw(100) < shape.pendingPercent;
    return { call, ret: pending ? null : call + length, point: call + draw(length + 1), applies: !pending || draw(2) === 0 };
  });
}

function effectOrder(all: readonly Draft[]): number[] {
  return all.map((_, i) => i).sort((a, b) => (all[a] as Draft).point - (all[b] as Draft).point || a - b);
}

/** Reads and writes of distinct values on one register, legal by construction, then perturbed. */
export function randomRegisterHistory(seed: number, shape: Shape): Operation<RegisterInput, RegisterOutput>[] {
  const draw = prng(seed);
  const all = drafts(draw, shape);
  const inputs: RegisterInput[] = all.map((_, i) => (draw(2) === 0 ? { op: "read" } : { op: "write", value: `v${i}` }));
  const outputs: RegisterOutput[] = all.map(() => null);
  let state: string | null = null;
  for (const i of effectOrder(all)) {
    const input = inputs[i] as RegisterInput;
    if (!(all[i] as Draft).applies) continue;
    if (input.op === "read") outputs[i] = state;
    else if (input.op === "write") state = input.value;
  }
  const written = inputs.flatMap((input) => (input.op === "write" ? [input.value] : []));
  return all.map((d, i) => {
    const input = inputs[i] as RegisterInput;
    let output = d.ret === null ? null : (outputs[i] as RegisterOutput);
    if (d.ret !== null && input.op === "read" && draw(100) < shape.flipPercent) {
      const pick = draw(written.length + 1);
      output = pick === written.length ? null : (written[pick] as string);
    }
    return { client: i, call: d.call, return: d.ret, input, output };
  });
}

/** Gets and appends of distinct values on one key, legal by construction, then perturbed. */
export function randomAppendHistory(seed: number, shape: Shape & { readonly values?: readonly string[] }): Operation<KvInput, KvOutput>[] {
  const draw = prng(seed);
  const all = drafts(draw, shape);
  const pool = shape.values;
  const inputs: KvInput[] = all.map((_, i) => {
    if (draw(2) === 0) return { op: "get", key: "k" };
    return { op: "append", key: "k", value: pool === undefined ? `x${i}.` : (pool[i % pool.length] as string) };
  });
  const outputs: KvOutput[] = all.map(() => null);
  let state = "";
  for (const i of effectOrder(all)) {
    const input = inputs[i] as KvInput;
    if (!(all[i] as Draft).applies) continue;
    if (input.op === "get") outputs[i] = state;
    else if (input.op === "append") state += input.value;
  }
  const values = inputs.flatMap((input) => (input.op === "append" ? [input.value] : []));
  return all.map((d, i) => {
    const input = inputs[i] as KvInput;
    let output = d.ret === null ? null : (outputs[i] as KvOutput);
    if (d.ret !== null && input.op === "get" && draw(100) < shape.flipPercent) {
      const seen = output ?? "";
      const how = draw(3);
      output = how === 0 ? seen.slice(0, Math.max(0, seen.length - 1)) : how === 1 ? seen + (values[draw(values.length + 1)] ?? "") : (values[draw(values.length + 1)] ?? "") + seen;
    }
    return { client: i, call: d.call, return: d.ret, input, output };
  });
}

/**
 * Reads, writes and compare-and-sets on one register, every stored value
 * fresh; a cas expects the current value (so it succeeds) or, as often, an
 * earlier value (so it fails while that value is live or long gone). Legal by
 * construction, then perturbed (a read's value or a cas's answer flipped).
 */
export function randomCasHistory(seed: number, shape: Shape): Operation<RegisterInput, RegisterOutput>[] {
  const draw = prng(seed);
  const all = drafts(draw, shape);
  const kinds = all.map(() => draw(3));
  const inputs: RegisterInput[] = all.map((_, i) => (kinds[i] === 0 ? { op: "read" } : kinds[i] === 1 ? { op: "write", value: `v${i}` } : { op: "cas", expected: "", value: `v${i}` }));
  const outputs: RegisterOutput[] = all.map(() => null);
  const seen: string[] = [];
  let state: string | null = null;
  for (const i of effectOrder(all)) {
    const input = inputs[i] as RegisterInput;
    const applies = (all[i] as Draft).applies;
    if (input.op === "cas") {
      const pick = draw(2) === 0 || seen.length === 0 ? state : (seen[draw(seen.length)] as string);
      const expected = pick ?? "v-none";
      inputs[i] = { op: "cas", expected, value: input.value };
      if (!applies) continue;
      const matches = state !== null && state === expected;
      outputs[i] = matches;
      if (matches) state = input.value;
    } else if (!applies) continue;
    else if (input.op === "read") outputs[i] = state;
    else state = input.value;
    if (state !== null && seen[seen.length - 1] !== state) seen.push(state);
  }
  const written = inputs.flatMap((input) => (input.op === "read" ? [] : [input.value]));
  return all.map((d, i) => {
    const input = inputs[i] as RegisterInput;
    let output = d.ret === null ? null : (outputs[i] as RegisterOutput);
    if (d.ret !== null && draw(100) < shape.flipPercent) {
      if (input.op === "read") {
        const pick = draw(written.length + 1);
        output = pick === written.length ? null : (written[pick] as string);
      } else if (input.op === "cas") output = output !== true;
    }
    return { client: i, call: d.call, return: d.ret, input, output };
  });
}
