import type { ModelDecision } from "../linearizability/model-decision.js";
import type { Operation } from "../linearizability/operation.js";
import type { KvInput, KvOutput } from "./kv-model.js";
import { replay } from "./replay-order.js";

type KvOperation = Operation<KvInput, KvOutput>;

/**
 * Decides one key's history of gets and appends with distinct, non-empty
 * appended values exactly, in about O(n log n), or answers `undefined` when
 * that does not apply (a put, another key, a value appended twice, a value
 * of the longest get that splits into appended values in more than one way).
 *
 * Why it is exact: values only grow, so every get returned a prefix of the
 * longest value L any get returned, and L spells out the exact order of
 * the appends before it (a unique split into appended values). A get that
 * returned the first k of them sits between append k and append k + 1. That
 * fixes the linearization up to the order of gets with the same k, which is
 * free: the greedy that places each operation at the latest of the previous
 * instant and its call decides it. Appends missing from L come after every
 * get (or never, if they did not return). Gets that never returned say
 * nothing and are left out.
 */
export function decideAppendChain(operations: readonly KvOperation[]): ModelDecision | undefined {
  const first = operations[0];
  if (first === undefined) return { verdict: "ok" };
  const key = first.input.key;
  const appendOf = new Map<string, number>();
  const lengthSet = new Set<number>();
  const gets: number[] = [];
  let longest = "";
  for (let i = 0; i < operations.length; i++) {
    const op = operations[i] as KvOperation;
    const input = op.input;
    if (input.key !== key || input.op === "put") return undefined;
    if (input.op === "append") {
      if (input.value === "" || appendOf.has(input.value)) return undefined;
      appendOf.set(input.value, i);
      lengthSet.add(input.value.length);
    } else if (op.return !== null) {
      if (typeof op.output !== "string") return undefined;
      gets.push(i);
      if (op.output.length > longest.length) longest = op.output;
    }
  }
  const lengths = [...lengthSet].sort((a, b) => a - b);
  // Split L into appended values: position -> number of appends before it.
  const chain: number[] = [];
  const countAt = new Map<number, number>([[0, 0]]);
  const used = new Set<number>();
  for (let at = 0; at < longest.length; ) {
    let found = -1;
    let width = 0;
    for (const length of lengths) {
      if (at + length > longest.length) break;
      const candidate = appendOf.get(longest.slice(at, at + length));
      if (candidate === undefined) continue;
      if (found !== -1) return undefined; // Two splits may exist: let the search decide.
      found = candidate;
      width = length;
    }
    // The split so far was forced, so no split of L exists at all.
    if (found === -1 || used.has(found)) return { verdict: "illegal" };
    used.add(found);
    chain.push(found);
    at += width;
    countAt.set(at, chain.length);
  }
  const groups: number[][] = chain.map(() => []);
  groups.push([]);
  for (const g of gets) {
    const output = (operations[g] as KvOperation).output as string;
    const count = countAt.get(output.length);
    // Not a prefix of L, or cut inside an appended value.
    if (count === undefined || !longest.startsWith(output)) return { verdict: "illegal" };
    (groups[count] as number[]).push(g);
  }
  const order: number[] = [];
  groups.forEach((group, count) => {
    group.sort((a, b) => (operations[a] as KvOperation).call - (operations[b] as KvOperation).call || a - b);
    order.push(...group);
    if (count < chain.length) order.push(chain[count] as number);
  });
  // Completed appends nobody saw: after the last get, in order of call.
  const unseen: number[] = [];
  for (const index of appendOf.values()) if (!used.has(index) && (operations[index] as KvOperation).return !== null) unseen.push(index);
  unseen.sort((a, b) => (operations[a] as KvOperation).call - (operations[b] as KvOperation).call || a - b);
  order.push(...unseen);
  const placed = replay(operations, order);
  return placed === order.length ? { verdict: "ok" } : { verdict: "illegal", prefix: order.slice(0, placed) };
}
