import type { Model } from "./model.js";
import type { Operation } from "./operation.js";
import type { LinearizabilityResult } from "./result.js";

/** Options of {@link describeResult}. */
export interface DescribeOptions {
  /** Show at most this many prefix operations, the last ones (default 12). */
  readonly prefixMax?: number;
  /** Show at most this many suspects (default 3). */
  readonly suspectsMax?: number;
}

/**
 * Puts a result into words for people: the verdict and, when the history is
 * not linearizable, the end of the longest linearizable prefix, the state it
 * left, the operations that could not come next and why.
 *
 * When to use: command-line output, test failure messages, logs. Pass the
 * model the result came from so it can name operations and states.
 *
 * @example
 * ```ts
 * console.log(describeResult(checkLinearizability(registerModel, ops), registerModel));
 * ```
 */
export function describeResult<State, Input, Output>(
  result: LinearizabilityResult<Input, Output, State>,
  model: Model<State, Input, Output>,
  options: DescribeOptions = {},
): string {
  if (result.verdict === "ok") return `linearizable (${result.steps} search steps)`;
  if (result.verdict === "unknown") return `unknown: ${result.reason} (${result.steps} search steps)`;
  const { witness } = result;
  const operation = (index: number, op: Operation<Input, Output>): string => {
    const what = model.describeOperation ? model.describeOperation(op.input, op.output) : `${JSON.stringify(op.input)} -> ${JSON.stringify(op.output)}`;
    const when = `[${op.call}, ${op.return === null ? "never returned" : op.return}]`;
    return `#${index} client ${op.client} ${when} ${what}`;
  };
  const state = (value: State): string => (model.describeState ? model.describeState(value) : JSON.stringify(value));
  const lines: string[] = [];
  const { partition, prefix } = witness;
  const where = partition.count > 1 ? ` in partition ${partition.index + 1} of ${partition.count} (${partition.operations} operations)` : "";
  lines.push(`not linearizable${where}.`);
  const shown = Math.min(prefix.length, options.prefixMax ?? 12);
  if (prefix.length === 0) {
    lines.push(`No operation can be linearised first from the initial state ${state(witness.state)}.`);
  } else {
    lines.push(`Longest linearizable prefix: ${prefix.length} operation${prefix.length === 1 ? "" : "s"}${shown < prefix.length ? ` (last ${shown} shown)` : ""}:`);
    prefix.slice(prefix.length - shown).forEach((step, offset) => {
      lines.push(`  ${prefix.length - shown + offset + 1}. ${operation(step.index, step.operation)}  => ${state(step.state)}`);
    });
  }
  lines.push(`Then none of these could come next (state ${state(witness.state)}):`);
  for (const blocked of witness.blocked) {
    lines.push(`  ${operation(blocked.index, blocked.operation)}: ${blocked.legal ? "legal here, but no continuation after it works" : "illegal in this state"}`);
  }
  if (witness.deadline !== undefined) {
    lines.push(`and ${operation(witness.deadline.index, witness.deadline.operation)} had to take effect before it returned.`);
  }
  if (witness.suspects.length > 0) {
    const [first] = witness.suspects;
    // Only the failing partition is checked again without a suspect, and the check stopped at that
    // partition: with several, the others may be broken too, so the claim names the partition.
    const part = partition.count > 1 ? `partition ${partition.index + 1} of ${partition.count}` : "the history";
    lines.push(first?.confirmed === true ? `Suspects (confirmed: without the first, ${part} is linearizable):` : `Suspects (none confirmed: removing any one of these alone did not make ${part} linearizable, or the search ran out):`);
    for (const suspect of witness.suspects.slice(0, options.suspectsMax ?? 3)) lines.push(`  ${operation(suspect.index, suspect.operation)}${suspect.confirmed ? `  <- removing it makes ${part} linearizable` : ""}`);
  }
  return lines.join("\n");
}
