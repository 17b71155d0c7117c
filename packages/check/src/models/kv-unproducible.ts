import type { Operation } from "../linearizability/operation.js";
import type { KvInput, KvOutput } from "./kv-types.js";

/** Characters of get outputs examined in all, per operation of the key (beyond that the test is skipped: it is only a shortcut). */
const CHARS_PER_OPERATION_MAX = 64;

/**
 * The first completed get of one key whose answer no run of that key's puts
 * and appends could ever produce, or -1. A key's value is always `""` or
 * some put's value, followed by the values of appends since; so an answer
 * that does not split into an optional put value and then append values
 * (each used any number of times, which only makes the test weaker) is
 * impossible whatever the order. Such a get alone makes the history
 * illegal, and it is the operation at fault.
 *
 * Linear in the total length of the distinct answers times the number of
 * distinct value lengths; skipped (-1) when the answers are too long in all.
 */
export function unproducibleGet(operations: readonly Operation<KvInput, KvOutput>[]): number {
  const puts = new Set<string>();
  const appends = new Set<string>();
  let chars = 0;
  for (const op of operations) {
    const input = op.input;
    if (input.op === "put") puts.add(input.value);
    else if (input.op === "append") {
      if (input.value !== "") appends.add(input.value);
    } else if (op.return !== null && typeof op.output === "string") chars += op.output.length;
  }
  if (chars > CHARS_PER_OPERATION_MAX * operations.length) return -1;
  const putLengths = [...new Set([...puts].map((value) => value.length))];
  const appendLengths = [...new Set([...appends].map((value) => value.length))].sort((a, b) => a - b);
  let reachable = new Uint8Array(64);
  // Gets repeat a few values many times: each answer is split once.
  const producible = new Set<string>();
  for (let index = 0; index < operations.length; index++) {
    const op = operations[index] as Operation<KvInput, KvOutput>;
    if (op.input.op !== "get" || op.return === null || typeof op.output !== "string") continue;
    const output = op.output;
    if (output === "" || producible.has(output)) continue;
    if (reachable.length <= output.length) reachable = new Uint8Array(2 * output.length + 1);
    reachable.fill(0, 0, output.length + 1);
    // Where the appends may start: at 0 (no put, or an empty one), or after a put's value.
    reachable[0] = 1;
    for (const length of putLengths) if (length <= output.length && puts.has(output.slice(0, length))) reachable[length] = 1;
    for (let at = 0; at < output.length; at++) {
      if (reachable[at] === 0) continue;
      for (const length of appendLengths) {
        if (at + length > output.length) break;
        if (appends.has(output.slice(at, at + length))) reachable[at + length] = 1;
      }
    }
    if (reachable[output.length] === 0) return index;
    producible.add(output);
  }
  return -1;
}
