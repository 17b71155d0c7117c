import type { LinearizabilityResult, Model, Operation } from "@cx/check";

/** What one operation was, in the check's verdict. */
export type OperationRole = "prefix" | "stuck" | "blocked" | "rest";

/** One operation as the history view shows it. */
export interface PlacedOperation<Input, Output> {
  /** Position in the array given to the checker. */
  readonly index: number;
  readonly operation: Operation<Input, Output>;
  readonly role: OperationRole;
  /** Its place in the longest linearizable prefix (1-based), or null. */
  readonly order: number | null;
  /** The model state after it, for an operation of the prefix. */
  readonly stateAfter: string | null;
  /** `read() -> "b"`. */
  readonly text: string;
}

/** The operations to draw and what the verdict says about them. */
export interface HistoryLayout<Input, Output> {
  readonly operations: readonly PlacedOperation<Input, Output>[];
  /** Operations in the history (or the failing partition), before the display cap. */
  readonly total: number;
  /** What was left out and why (a partition, a display cap), or null. */
  readonly scope: string | null;
  /** The operation that cannot be placed, if the verdict names one. */
  readonly stuck: PlacedOperation<Input, Output> | null;
  /** Why it cannot be placed, in words. */
  readonly stuckReason: string | null;
  /** The state after the longest linearizable prefix. */
  readonly stateMet: string | null;
}

const describeWith = <State, Input, Output>(model: Model<State, Input, Output>) => ({
  operation: (op: Operation<Input, Output>): string => (model.describeOperation ? model.describeOperation(op.input, op.output) : `${JSON.stringify(op.input)} -> ${JSON.stringify(op.output)}`),
  state: (state: State): string => (model.describeState ? model.describeState(state) : JSON.stringify(state) ?? String(state)),
});

/**
 * Reads a linearizability verdict onto the history: which operations form
 * the longest linearizable prefix (and in which order, with the state each
 * left), which could have come next, and the one that cannot be placed
 * (the confirmed suspect, else the first next operation whose output is
 * illegal in the state met, else the first suspect, else the one that had
 * to take effect first).
 * For a model that splits histories (kv: per key), only the failing part
 * is shown; at most `operationsMax` operations, those nearest in time to
 * the stuck one.
 */
export function layoutHistory<State, Input, Output>(
  view: { readonly model: Model<State, Input, Output>; readonly operations: readonly Operation<Input, Output>[]; readonly result: LinearizabilityResult<Input, Output, State> },
  operationsMax: number,
): HistoryLayout<Input, Output> {
  const { model, operations, result } = view;
  const words = describeWith(model);
  const roles = new Map<number, { role: OperationRole; order: number | null; stateAfter: string | null }>();
  let stuckIndex: number | null = null;
  let stuckReason: string | null = null;
  let stateMet: string | null = null;
  let shown: number[] = operations.map((_, i) => i);
  let scope: string | null = null;
  if (result.verdict === "illegal") {
    const w = result.witness;
    w.prefix.forEach((step, i) => roles.set(step.index, { role: "prefix", order: i + 1, stateAfter: words.state(step.state) }));
    for (const blocked of w.blocked) roles.set(blocked.index, { role: "blocked", order: null, stateAfter: null });
    stateMet = words.state(w.state);
    const confirmed = w.suspects.find((s) => s.confirmed);
    const illegal = w.blocked.find((b) => !b.legal);
    if (confirmed !== undefined) {
      stuckIndex = confirmed.index;
      stuckReason = `without it, this part of the history is linearizable${illegal?.index === confirmed.index ? `; its answer is illegal in the state ${stateMet}` : ""}`;
    } else if (illegal !== undefined) {
      stuckIndex = illegal.index;
      stuckReason = `its answer is illegal in the state ${stateMet}, reached by the longest linearizable prefix`;
    } else if (w.suspects[0] !== undefined) {
      stuckIndex = w.suspects[0].index;
      stuckReason = "the checker's first suspect: the operation most likely at fault (removing it alone did not make this part of the history linearizable; others like it are suspects too)";
    } else if (w.deadline !== undefined) {
      stuckIndex = w.deadline.index;
      stuckReason = "it had to take effect before it returned, and no order of what could come first lets it";
    } else if (w.blocked[0] !== undefined) {
      stuckIndex = w.blocked[0].index;
      stuckReason = "it is legal here, but no continuation after it works";
    }
    if (stuckIndex !== null) roles.set(stuckIndex, { role: "stuck", order: null, stateAfter: null });
    if (w.partition.count > 1 && model.partition !== undefined) {
      const position = new Map(operations.map((op, i) => [op, i]));
      const part = model.partition(operations)[w.partition.index] ?? [];
      shown = part.map((op) => position.get(op) ?? -1).filter((i) => i >= 0);
      scope = `the part of the history that failed: partition ${w.partition.index + 1} of ${w.partition.count} (${part.length} operations)`;
    }
  }
  const total = shown.length;
  if (shown.length > operationsMax) {
    const anchor = stuckIndex === null ? null : operations[stuckIndex];
    const at = anchor === undefined || anchor === null ? 0 : anchor.call;
    shown = [...shown].sort((a, b) => Math.abs((operations[a] as Operation<Input, Output>).call - at) - Math.abs((operations[b] as Operation<Input, Output>).call - at) || a - b).slice(0, operationsMax);
    shown.sort((a, b) => a - b);
    scope = `${scope === null ? "" : `${scope}; `}the ${operationsMax} operations called nearest in time to ${stuckIndex === null ? "the start" : "the one that cannot be placed"}, of ${total}`;
  }
  const placed = shown.map((index): PlacedOperation<Input, Output> => {
    const operation = operations[index] as Operation<Input, Output>;
    const known = roles.get(index);
    return { index, operation, role: known?.role ?? "rest", order: known?.order ?? null, stateAfter: known?.stateAfter ?? null, text: words.operation(operation) };
  });
  return { operations: placed, total, scope, stuck: placed.find((p) => p.role === "stuck") ?? null, stuckReason, stateMet };
}
