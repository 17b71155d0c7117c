import type { Model, Operation } from "../../src/index.js";

/**
 * The definition, executed: try every order of the completed operations plus
 * any subset of the indeterminate ones that respects real-time order
 * (A before B when A.return < B.call) and is legal for the model.
 */
export function bruteForce<State, Input, Output>(model: Model<State, Input, Output>, operations: readonly Operation<Input, Output>[]): boolean {
  const n = operations.length;
  const placed = new Array<boolean>(n).fill(false);
  const search = (state: State, left: number): boolean => {
    if (left === 0) return true;
    for (let i = 0; i < n; i++) {
      if (placed[i]) continue;
      const op = operations[i] as Operation<Input, Output>;
      // Every unplaced completed operation that returned before op's call must come first.
      const blocked = operations.some((other, j) => !placed[j] && j !== i && other.return !== null && other.return < op.call);
      if (blocked) continue;
      const result = model.step(state, op.input, op.return === null ? undefined : (op.output as Output));
      if (!result.ok) continue;
      placed[i] = true;
      const done = search(result.state, left - (op.return === null ? 0 : 1));
      placed[i] = false;
      if (done) return true;
    }
    return false;
  };
  return search(model.init(), operations.filter((op) => op.return !== null).length);
}
