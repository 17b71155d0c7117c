import type { LinearizabilityResult, Model, Operation } from "../../src/index.js";

/**
 * What is false about an illegal result's printed prefix, or `undefined`
 * when it is a linearization of what it lists: each step legal for the
 * model after the previous ones, with the state shown, and no step before
 * a completed operation of its partition that returned before the step was
 * called (closed intervals: a return at the very instant of a call is concurrent).
 */
export function falsePrefixStep<State, Input, Output>(
  model: Model<State, Input, Output>,
  operations: readonly Operation<Input, Output>[],
  result: LinearizabilityResult<Input, Output, State>,
): string | undefined {
  if (result.verdict !== "illegal") return undefined;
  const { witness } = result;
  const parts = model.partition ? model.partition(operations) : [operations];
  const part = new Set(parts[witness.partition.index]);
  const placed = new Set<number>();
  let state = model.init();
  for (const [k, step] of witness.prefix.entries()) {
    const { operation } = step;
    if (operations[step.index] !== operation) return `step ${k + 1}: index ${step.index} is not the operation shown`;
    for (let j = 0; j < operations.length; j++) {
      const before = operations[j] as Operation<Input, Output>;
      if (!part.has(before) || before.return === null || placed.has(j)) continue;
      if (before.return < operation.call) return `step ${k + 1} (#${step.index}, called at ${operation.call}) comes before #${j}, which returned at ${before.return}`;
    }
    const next = model.step(state, operation.input, operation.return === null ? undefined : (operation.output as Output));
    if (!next.ok) return `step ${k + 1} (#${step.index}) is illegal in the state before it`;
    state = next.state;
    placed.add(step.index);
  }
  return undefined;
}
