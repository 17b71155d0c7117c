import { checkLinearizability } from "../linearizability/check-linearizability.js";
import type { Model } from "../linearizability/model.js";
import type { Operation } from "../linearizability/operation.js";
import type { CheckOptions, LinearizabilityResult } from "../linearizability/result.js";
import { builtInModels } from "../models/built-in-models.js";
import type { BuiltInModelName, BuiltInModelTypes } from "../models/built-in-models.js";
import type { HistoryError } from "./history-error.js";
import { parseHistory } from "./parse-history.js";
import type { HistoryModelName } from "./parse-history.js";

/** One history of a batch: a name to report it by and its JSON-lines text or bytes (see {@link parseHistory}). */
export interface HistoryInput {
  readonly name: string;
  readonly source: string | Uint8Array;
}

/** Options of {@link checkHistories}: the checker's, applied to each history alone, and the model to insist on. */
export interface CheckHistoriesOptions<Name extends BuiltInModelName = HistoryModelName> extends CheckOptions {
  /**
   * Insist on this model for every history instead of inferring it per
   * history (`register` or `kv`); `set`, `queue`, `counter` and `lock`
   * histories need it (see {@link parseHistory}).
   */
  readonly model?: Name;
}

/**
 * What {@link checkHistories} says of one history: why it could not be read,
 * or its operations and verdict under the model it is for. `Name` is the
 * models it may be for.
 */
export type CheckedHistory<Name extends BuiltInModelName = HistoryModelName> =
  | { readonly ok: false; readonly name: string; readonly errors: readonly HistoryError[] }
  | {
      readonly [Model in Name]: {
        readonly ok: true;
        readonly name: string;
        readonly model: Model;
        readonly operations: readonly Operation<BuiltInModelTypes[Model]["input"], BuiltInModelTypes[Model]["output"]>[];
        readonly result: LinearizabilityResult<BuiltInModelTypes[Model]["input"], BuiltInModelTypes[Model]["output"], BuiltInModelTypes[Model]["state"]>;
      };
    }[Name];

/** The verdict of one history of a batch: the checker's, or `invalid` when it could not be parsed. */
export type HistoryVerdict = "ok" | "illegal" | "unknown" | "invalid";

/** How many histories of a batch got each verdict, and the worst of them. */
export interface HistoryTally {
  readonly counts: Readonly<Record<HistoryVerdict, number>>;
  /** `invalid`, else `illegal`, else `unknown`, else `ok` (also for an empty batch). */
  readonly worst: HistoryVerdict;
}

/**
 * Parses and checks many histories, one after another, each with the
 * built-in model it is for (or the one named in `options.model`): one call
 * instead of one process per file.
 *
 * When to use: checking a folder of recorded histories. The inputs are
 * taken one at a time and each result is given as soon as it is known, so
 * an input iterable that reads each file when asked keeps one history in
 * memory at a time (besides the results the caller keeps).
 *
 * Details: the options apply to each history alone (a step budget or
 * `timeoutMs` per history, not for the batch). A history that does not
 * parse is reported with its errors and the batch goes on. An illegal
 * result's witness and suspects are only put together when read, as with
 * {@link checkLinearizability}, so a caller that wants the verdicts only
 * does not pay for them.
 *
 * @example
 * ```ts
 * const checked = [...checkHistories([{ name: "a.jsonl", source: text }])];
 * tallyHistories(checked).worst; // "ok", "illegal", "unknown" or "invalid"
 * ```
 */
export function* checkHistories<Name extends BuiltInModelName = HistoryModelName>(
  inputs: Iterable<HistoryInput>,
  options: CheckHistoriesOptions<Name> = {},
): Generator<CheckedHistory<Name>, void, undefined> {
  const { model, ...checkOptions } = options;
  for (const { name, source } of inputs) {
    const parsed = parseHistory<BuiltInModelName>(source, model === undefined ? {} : { model });
    if (!parsed.ok) {
      yield { ok: false, name, errors: parsed.errors };
      continue;
    }
    // The model named by the parse is the one its operations are typed for: the casts only say so to the compiler.
    const chosen = builtInModels[parsed.model] as Model<unknown, unknown, unknown>;
    const operations = parsed.operations as readonly Operation<unknown, unknown>[];
    yield { ok: true, name, model: parsed.model, operations, result: checkLinearizability(chosen, operations, checkOptions) } as CheckedHistory<Name>;
  }
}

/** The verdict of one checked history. */
export function historyVerdict(checked: CheckedHistory<BuiltInModelName>): HistoryVerdict {
  return checked.ok ? checked.result.verdict : "invalid";
}

// A definite violation outranks an undecided check: a batch with both must not read as merely "unknown".
const SEVERITY: Readonly<Record<HistoryVerdict, number>> = { ok: 0, unknown: 1, illegal: 2, invalid: 3 };

/**
 * Counts the verdicts of checked histories and names the worst: `invalid`
 * (a history could not be read), then `illegal`, then `unknown`, then `ok`.
 *
 * @example
 * ```ts
 * tallyHistories([...checkHistories(inputs)]).counts.illegal; // how many are not linearizable
 * ```
 */
export function tallyHistories(checked: Iterable<CheckedHistory<BuiltInModelName> | HistoryVerdict>): HistoryTally {
  const counts: Record<HistoryVerdict, number> = { ok: 0, illegal: 0, unknown: 0, invalid: 0 };
  let worst: HistoryVerdict = "ok";
  for (const entry of checked) {
    const verdict = typeof entry === "string" ? entry : historyVerdict(entry);
    counts[verdict]++;
    if (SEVERITY[verdict] > SEVERITY[worst]) worst = verdict;
  }
  return { counts, worst };
}
