import type { ModelDecision } from "../linearizability/model-decision.js";
import { AMBIGUOUS, NONE, isPut, outputOf, valueOf } from "./kv-values.js";
import type { KvOperation, KvValueIndex } from "./kv-values.js";

/** Epoch id of the values before any put. */
export const INITIAL = -1;

/** What the epochs of one key's history share while they are decided. */
export interface KvEpochHistory {
  readonly operations: readonly KvOperation[];
  readonly values: KvValueIndex;
  /** Appends already placed in an epoch's chain: each happens once, so in one epoch only. */
  readonly used: Set<number>;
}

/** The decision, reached before the end: a verdict, or `undefined` when the search must decide. */
export interface Decided {
  readonly decided: ModelDecision | undefined;
}

/** The longest value a get of the epoch returned, and that get. */
interface Longest {
  readonly value: string;
  readonly get: number;
}

/** The epoch's longest value split into appends, and how many of them end at each length. */
interface Chain {
  readonly longest: Longest;
  /** Appends in order; a token <= DUP_BASE until {@link resolveDuplicates} picks the copy. */
  readonly slots: number[];
  readonly countAt: ReadonlyMap<number, number>;
}

/**
 * One epoch as a fixed sequence: its put (unless it is the initial epoch),
 * then its observed appends in the order the longest value fixes, each get
 * between the two appends its answer ends at (gets between the same two in
 * order of call).
 */
export function epochBlock(history: KvEpochHistory, epoch: number, members: readonly number[]): number[] | Decided {
  const longest = longestOf(history.operations, members);
  const chain = splitLongest(history, epoch, longest);
  if (!("slots" in chain)) return chain;
  const groups = groupByAppendsSeen(history.operations, members, chain);
  if (!Array.isArray(groups)) return groups;
  const unresolved = resolveDuplicates(history, chain.slots, groups);
  if (unresolved !== undefined) return unresolved;
  const block: number[] = epoch === INITIAL ? [] : [epoch];
  groups.forEach((group, count) => {
    group.sort((a, b) => (history.operations[a] as KvOperation).call - (history.operations[b] as KvOperation).call || a - b);
    block.push(...group);
    if (count < chain.slots.length) block.push(chain.slots[count] as number);
  });
  return block;
}

function longestOf(operations: readonly KvOperation[], members: readonly number[]): Longest {
  let value = "";
  let get = -1;
  for (const g of members) {
    if (outputOf(operations, g).length <= value.length) continue;
    value = outputOf(operations, g);
    get = g;
  }
  return { value, get };
}

function splitLongest(history: KvEpochHistory, epoch: number, longest: Longest): Chain | Decided {
  const { operations, values, used } = history;
  const slots: number[] = [];
  const countAt = new Map<number, number>();
  let at = epoch === INITIAL ? 0 : valueOf(operations, epoch).length;
  countAt.set(at, 0);
  while (at < longest.value.length) {
    const found = values.token(longest.value, at);
    if (found === AMBIGUOUS) return { decided: undefined };
    // The split so far was forced, so no split into one put and then appends exists.
    if (found === NONE || (found >= 0 && (isPut(operations, found) || used.has(found)))) return { decided: { verdict: "illegal", suspects: [longest.get] } };
    if (found >= 0) used.add(found);
    slots.push(found);
    at += found >= 0 ? valueOf(operations, found).length : values.duplicate(found).length;
    countAt.set(at, slots.length);
  }
  return { longest, slots, countAt };
}

/** The epoch's gets by how many of the chain's appends their answers show. */
function groupByAppendsSeen(operations: readonly KvOperation[], members: readonly number[], chain: Chain): number[][] | Decided {
  const { longest } = chain;
  const groups: number[][] = [[], ...chain.slots.map(() => [])];
  for (const g of members) {
    const count = chain.countAt.get(outputOf(operations, g).length);
    // Not a prefix of the epoch's longest value, or cut inside a value.
    if (count === undefined || !longest.value.startsWith(outputOf(operations, g))) return { decided: { verdict: "illegal", suspects: [g, longest.get] } };
    (groups[count] as number[]).push(g);
  }
  return groups;
}

/**
 * A value several operations wrote: only a copy invoked before every get
 * that shows it and returning after every get of the epoch before it
 * can be the one; if that leaves exactly one, it is the one. Replaces each
 * such token in `slots` by its copy, or decides.
 */
function resolveDuplicates(history: KvEpochHistory, slots: number[], groups: readonly number[][]): Decided | undefined {
  const { operations, values, used } = history;
  for (let j = 0; j < slots.length; j++) {
    const slot = slots[j] as number;
    if (slot >= 0) continue;
    const value = values.duplicate(slot);
    let showsBy = Number.POSITIVE_INFINITY;
    let before = Number.NEGATIVE_INFINITY;
    groups.forEach((group, count) => {
      for (const g of group) {
        const op = operations[g] as KvOperation;
        if (count > j) showsBy = Math.min(showsBy, op.return as number);
        else before = Math.max(before, op.call);
      }
    });
    const fits = values.copiesOf(value).filter((c) => {
      const op = operations[c] as KvOperation;
      return op.input.op === "append" && !used.has(c) && op.call <= showsBy && (op.return ?? Number.POSITIVE_INFINITY) >= before;
    });
    if (fits.length === 0) return { decided: { verdict: "illegal" } };
    if (fits.length > 1) return { decided: undefined };
    used.add(fits[0] as number);
    slots[j] = fits[0] as number;
  }
  return undefined;
}
