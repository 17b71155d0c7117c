import type { ModelDecision } from "../linearizability/model-decision.js";
import { scheduleBlocks } from "./block-schedule.js";
import { INITIAL, epochBlock } from "./kv-epoch-block.js";
import type { Decided, KvEpochHistory } from "./kv-epoch-block.js";
import { unproducibleGet } from "./kv-unproducible.js";
import { AMBIGUOUS, DUP_BASE, NONE, indexKvValues, isPut, outputOf } from "./kv-values.js";
import type { KvOperation } from "./kv-values.js";

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
  const indexed = indexKvValues(operations, key);
  if (indexed === undefined) return undefined;
  const history: KvEpochHistory = { operations, values: indexed.values, used: new Set<number>() };
  const epochs = epochsOfGets(history, indexed.gets);
  if (!(epochs instanceof Map)) return epochs.decided;

  const blocks: number[][] = [];
  let initial: number[] | undefined;
  for (const [epoch, members] of epochs) {
    const block = epochBlock(history, epoch, members);
    if (!Array.isArray(block)) return block.decided;
    if (epoch === INITIAL) initial = block;
    else blocks.push(block);
  }
  for (let index = 0; index < operations.length; index++) {
    const op = operations[index] as KvOperation;
    if (op.input.op === "get" || op.return === null || history.used.has(index) || epochs.has(index)) continue;
    blocks.push([index]);
  }
  return scheduleBlocks(operations, blocks, initial);
}

/** The gets by epoch: the put their answer starts with, or INITIAL (in order of first appearance). */
function epochsOfGets(history: KvEpochHistory, gets: readonly number[]): Map<number, number[]> | Decided {
  const { operations, values } = history;
  const epochs = new Map<number, number[]>();
  for (const g of gets) {
    const output = outputOf(operations, g);
    let epoch = INITIAL;
    if (output !== "") {
      const head = values.token(output, 0);
      if (head === AMBIGUOUS) return { decided: undefined };
      if (head === NONE) return { decided: { verdict: "illegal", suspects: [g] } };
      if (head <= DUP_BASE) {
        // Several operations wrote this value: only those invoked before this get returned can be its head.
        const fits = values.copiesOf(values.duplicate(head)).filter((c) => (operations[c] as KvOperation).call <= ((operations[g] as KvOperation).return as number));
        const puts = fits.filter((c) => isPut(operations, c));
        if (fits.length === 0) return { decided: { verdict: "illegal", suspects: [g] } };
        if (puts.length > 0 && fits.length > 1) return { decided: undefined };
        // All appends: the initial epoch (its split picks the copy); else the one put.
        if (puts.length === 1) epoch = puts[0] as number;
      } else if (isPut(operations, head)) epoch = head;
    }
    const members = epochs.get(epoch);
    if (members === undefined) epochs.set(epoch, [g]);
    else members.push(g);
  }
  return epochs;
}
