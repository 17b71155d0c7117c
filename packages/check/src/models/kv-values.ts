import type { Operation } from "../linearizability/operation.js";
import type { KvInput, KvOutput } from "./kv-types.js";

export type KvOperation = Operation<KvInput, KvOutput>;

/** From {@link KvValueIndex.token}: more than one put or append value starts here. */
export const AMBIGUOUS = -2;
/** From {@link KvValueIndex.token}: no put or append value starts here. */
export const NONE = -1;
/** Tokens <= this stand for a value written by several operations (see {@link KvValueIndex.duplicate}). */
export const DUP_BASE = -10;
/** In the value index: more than one operation writes this value. */
const DUPLICATE = -3;

/** The put and append values of one key, to split what a get returned into them. */
export interface KvValueIndex {
  /**
   * The one put or append whose value starts at `at` in `text`, NONE, or
   * AMBIGUOUS; a value several operations wrote gets a fresh token <= DUP_BASE.
   */
  token(text: string, at: number): number;
  /** The value a token <= DUP_BASE stands for. */
  duplicate(token: number): string;
  /** Every operation that wrote `value`, when more than one did. */
  copiesOf(value: string): readonly number[];
}

/** One key's history, indexed: its values and the gets that returned. */
export interface IndexedKvHistory {
  readonly values: KvValueIndex;
  /** Indices of the gets that returned, in order. */
  readonly gets: readonly number[];
}

/**
 * Indexes the values of a history of `key` alone, or `undefined` when the
 * epochs cannot decide it (another key, a get without a string answer, an
 * empty value written).
 */
export function indexKvValues(operations: readonly KvOperation[], key: string): IndexedKvHistory | undefined {
  const writer = new Map<string, number>();
  const copies = new Map<string, number[]>();
  const lengthSet = new Set<number>();
  const gets: number[] = [];
  for (let i = 0; i < operations.length; i++) {
    const op = operations[i] as KvOperation;
    const input = op.input;
    if (input.key !== key) return undefined;
    if (input.op === "get") {
      if (op.return === null) continue;
      if (typeof op.output !== "string") return undefined;
      gets.push(i);
    } else {
      if (input.value === "") return undefined;
      // A value written twice is fine as long as no get shows it (see token).
      const earlier = writer.get(input.value);
      if (earlier === undefined) writer.set(input.value, i);
      else {
        if (earlier !== DUPLICATE) copies.set(input.value, [earlier]);
        copies.get(input.value)?.push(i);
        writer.set(input.value, DUPLICATE);
      }
      lengthSet.add(input.value.length);
    }
  }
  const lengths = [...lengthSet].sort((a, b) => a - b);
  return { values: valueIndex(writer, copies, lengths), gets };
}

function valueIndex(writer: ReadonlyMap<string, number>, copies: ReadonlyMap<string, number[]>, lengths: readonly number[]): KvValueIndex {
  const dupValues: string[] = [];
  return {
    token(text, at) {
      let found = NONE;
      for (const length of lengths) {
        if (at + length > text.length) break;
        const candidate = writer.get(text.slice(at, at + length));
        if (candidate === undefined) continue;
        if (found !== NONE) return AMBIGUOUS;
        if (candidate === DUPLICATE) {
          dupValues.push(text.slice(at, at + length));
          found = DUP_BASE - (dupValues.length - 1);
        } else found = candidate;
      }
      return found;
    },
    duplicate: (token) => dupValues[DUP_BASE - token] as string,
    copiesOf: (value) => copies.get(value) ?? [],
  };
}

/** Whether operation `index` is a put (else an append, for a writer). */
export function isPut(operations: readonly KvOperation[], index: number): boolean {
  return (operations[index] as KvOperation).input.op === "put";
}

/** The value operation `index` (a put or append) writes. */
export function valueOf(operations: readonly KvOperation[], index: number): string {
  return ((operations[index] as KvOperation).input as { value: string }).value;
}

/** What get `index` (one that returned a string) returned. */
export function outputOf(operations: readonly KvOperation[], index: number): string {
  return (operations[index] as KvOperation).output as string;
}
