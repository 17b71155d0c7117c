import { checkLinearizability, kvModel, parseHistory, registerModel } from "@cx/check";
import type { HistoryOperation } from "@cx/sim";
import { renderHistoryView } from "@cx/viz";

/** A run's client history as `cx lin` reads it, and its history view. */
export interface HistoryOfRun {
  /** The history in the JSON-lines format of `cx lin`. */
  readonly jsonl: string;
  /** True when the history is not linearizable. */
  readonly illegal: boolean;
  /** The history view (HTML fragment, every string escaped). */
  readonly view: string;
}

/** One operation as a line of the `cx lin` format: the input's fields, the answer in `output` (a cas's in `ok`). */
function line(op: HistoryOperation<unknown, unknown>): string {
  const input = typeof op.input === "object" && op.input !== null ? (op.input as Record<string, unknown>) : { op: op.input };
  const cas = input["op"] === "cas";
  return JSON.stringify({
    client: op.client,
    call: op.call,
    return: op.return,
    ...input,
    value: input["value"] ?? null,
    output: cas ? null : (op.output ?? null),
    ...(cas ? { ok: op.output ?? null } : {}),
  });
}

/**
 * A replayed run's client history checked again with the register or kv
 * model (whichever its operations are) and drawn as a history view, or
 * null when the history is empty or not of those models.
 *
 * When to use: for each counterexample of the report whose failure is (or
 * whose history shows) a linearizability violation.
 *
 * @example
 * ```ts
 * const history = historyOfRun(run.history, "h-raft-stale_local_read-");
 * ```
 */
export function historyOfRun(history: readonly HistoryOperation<unknown, unknown>[], idPrefix: string): HistoryOfRun | null {
  if (history.length === 0) return null;
  const jsonl = `${history.map(line).join("\n")}\n`;
  const parsed = parseHistory(jsonl);
  if (!parsed.ok) return null;
  if (parsed.model === "register") {
    const result = checkLinearizability(registerModel, parsed.operations);
    return { jsonl, illegal: result.verdict === "illegal", view: renderHistoryView({ model: registerModel, operations: parsed.operations, result }, { idPrefix }) };
  }
  const result = checkLinearizability(kvModel, parsed.operations);
  return { jsonl, illegal: result.verdict === "illegal", view: renderHistoryView({ model: kvModel, operations: parsed.operations, result }, { idPrefix }) };
}
