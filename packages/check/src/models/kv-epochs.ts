import type { ModelDecision } from "../linearizability/model-decision.js";
import type { Operation } from "../linearizability/operation.js";
import { scheduleBlocks } from "./block-schedule.js";
import type { KvInput, KvOutput } from "./kv-types.js";
import { unproducibleGet } from "./kv-unproducible.js";

type KvOperation = Operation<KvInput, KvOutput>;

const AMBIGUOUS = -2;
/** In the value index: more than one operation writes this value. */
const DUPLICATE = -3;
/** Tokens <= this stand for a value written by several operations (see resolve). */
const DUP_BASE = -10;
const NONE = -1;
/** Epoch id of the values before any put. */
const INITIAL = -1;

/**
 * Decides one key's history exactly, in about O(n log n) plus the length of
 * the values, when every put and append carries a distinct non-empty value
 * and the values returned split into them in only one way (a value written
 * twice is allowed if no get shows it); otherwise (or for
 * several keys) answers `undefined` and the search decides.
 *
 * Why it is exact: a value is the last put's value (or nothing) followed by
 * the appends since, so what a get returned names its epoch (the put it
 * starts with, or the initial empty value) and, in order, the appends of
 * that epoch before it. The longest value seen in an epoch fixes the order
 * of that epoch's observed appends and puts each get between two of them:
 * an epoch is a fixed sequence up to the order of gets between the same two
 * appends (free: taken in order of call). Epochs, and puts or appends no get
 * observed (each a one-operation block at an epoch's end), can then come in
 * any order, the initial epoch first: {@link scheduleBlocks} decides the
 * timing. Gets, puts and appends that never returned and that nobody
 * observed are left out.
 */
export function decideKvEpochs(operations: readonly KvOperation[]): ModelDecision | undefined {
  const firstOp = operations[0];
  if (firstOp === undefined) return { verdict: "ok" };
  const key = firstOp.input.key;
  for (const op of operations) if (op.input.key !== key) return undefined;
  // Whatever else holds, an answer nothing could produce decides at once (and names its get).
  const impossible = unproducibleGet(operations);
  if (impossible !== -1) return { verdict: "illegal", suspects: [impossible] };
  const writer = new Map<string, number>();
  const copies = new Map<string, number[]>();
  const dupValues: string[] = [];
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
  const isPut = (index: number): boolean => (operations[index] as KvOperation).input.op === "put";
  const valueOf = (index: number): string => ((operations[index] as KvOperation).input as { value: string }).value;
  const outputOf = (index: number): string => (operations[index] as KvOperation).output as string;
  /** The one put or append whose value starts at `at`, NONE, or AMBIGUOUS. */
  const token = (text: string, at: number): number => {
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
  };

  const epochs = new Map<number, number[]>();
  for (const g of gets) {
    const output = outputOf(g);
    let epoch = INITIAL;
    if (output !== "") {
      const head = token(output, 0);
      if (head === AMBIGUOUS) return undefined;
      if (head === NONE) return { verdict: "illegal", suspects: [g] };
      if (head <= DUP_BASE) {
        // Several operations wrote this value: only those invoked before this get returned can be its head.
        const fits = (copies.get(dupValues[DUP_BASE - head] as string) ?? []).filter((c) => (operations[c] as KvOperation).call <= ((operations[g] as KvOperation).return as number));
        const puts = fits.filter(isPut);
        if (fits.length === 0) return { verdict: "illegal", suspects: [g] };
        if (puts.length > 0 && fits.length > 1) return undefined;
        // All appends: the initial epoch (its split picks the copy); else the one put.
        if (puts.length === 1) epoch = puts[0] as number;
      } else if (isPut(head)) epoch = head;
    }
    const members = epochs.get(epoch);
    if (members === undefined) epochs.set(epoch, [g]);
    else members.push(g);
  }

  const used = new Set<number>();
  const blocks: number[][] = [];
  let initial: number[] | undefined;
  for (const [epoch, members] of epochs) {
    let longest = "";
    let longestGet = -1;
    for (const g of members) {
      if (outputOf(g).length <= longest.length) continue;
      longest = outputOf(g);
      longestGet = g;
    }
    const chain: number[] = [];
    const countAt = new Map<number, number>();
    let at = epoch === INITIAL ? 0 : valueOf(epoch).length;
    countAt.set(at, 0);
    while (at < longest.length) {
      const found = token(longest, at);
      if (found === AMBIGUOUS) return undefined;
      // The split so far was forced, so no split into one put and then appends exists.
      if (found === NONE || (found >= 0 && (isPut(found) || used.has(found)))) return { verdict: "illegal", suspects: [longestGet] };
      if (found >= 0) used.add(found);
      chain.push(found);
      at += found >= 0 ? valueOf(found).length : (dupValues[DUP_BASE - found] as string).length;
      countAt.set(at, chain.length);
    }
    const groups: number[][] = [[], ...chain.map(() => [])];
    for (const g of members) {
      const count = countAt.get(outputOf(g).length);
      // Not a prefix of the epoch's longest value, or cut inside a value.
      if (count === undefined || !longest.startsWith(outputOf(g))) return { verdict: "illegal", suspects: [g, longestGet] };
      (groups[count] as number[]).push(g);
    }
    // A value several operations wrote: only a copy invoked before every get
    // that shows it and returning after every get of the epoch before it
    // can be the one; if that leaves exactly one, it is the one.
    for (let j = 0; j < chain.length; j++) {
      const slot = chain[j] as number;
      if (slot >= 0) continue;
      const value = dupValues[DUP_BASE - slot] as string;
      let showsBy = Number.POSITIVE_INFINITY;
      let before = Number.NEGATIVE_INFINITY;
      groups.forEach((group, count) => {
        for (const g of group) {
          const op = operations[g] as KvOperation;
          if (count > j) showsBy = Math.min(showsBy, op.return as number);
          else before = Math.max(before, op.call);
        }
      });
      const fits = (copies.get(value) ?? []).filter((c) => {
        const op = operations[c] as KvOperation;
        return op.input.op === "append" && !used.has(c) && op.call <= showsBy && (op.return ?? Number.POSITIVE_INFINITY) >= before;
      });
      if (fits.length === 0) return { verdict: "illegal" };
      if (fits.length > 1) return undefined;
      used.add(fits[0] as number);
      chain[j] = fits[0] as number;
    }
    const block: number[] = epoch === INITIAL ? [] : [epoch];
    groups.forEach((group, count) => {
      group.sort((a, b) => (operations[a] as KvOperation).call - (operations[b] as KvOperation).call || a - b);
      block.push(...group);
      if (count < chain.length) block.push(chain[count] as number);
    });
    if (epoch === INITIAL) initial = block;
    else blocks.push(block);
  }
  for (let index = 0; index < operations.length; index++) {
    const op = operations[index] as KvOperation;
    if (op.input.op === "get" || op.return === null || used.has(index) || epochs.has(index)) continue;
    blocks.push([index]);
  }
  return scheduleBlocks(operations, blocks, initial);
}
