import type { Model } from "../model.js";
import type { Operation } from "../operation.js";

/** One partition, ready to search: operations already prepared and filtered. */
export interface SearchProblem<State, Input, Output> {
  readonly model: Model<State, Input, Output>;
  readonly operations: readonly Operation<Input, Output>[];
  /** cx's pruning on top of Porcupine's algorithm (see CheckOptions.pruning). */
  readonly pruning: boolean;
  /** Memory allowed for what the search keeps (memo, states, transition cache, stacks); sizes the transition cache. */
  readonly memoBytesMax: number;
  /** An outer wall-clock cap: the caller's clock and the time it must stop at. */
  readonly deadline?: { readonly clock: () => number; readonly at: number };
  /** Keep Porcupine's longest partial linearizations (for an illegal verdict). */
  readonly partials?: boolean;
}

/** Which limit stopped a search. */
export type SearchLimit = "steps" | "memory" | "time";

/** What the search of one partition found; `prefix` holds indices into `operations`. */
export type SearchOutcome =
  | { readonly verdict: "ok"; readonly steps: number }
  | {
      readonly verdict: "illegal";
      readonly steps: number;
      readonly prefix: readonly number[];
      /** With `partials`: the longest partial linearizations, longest first, and how many were left out (see PartialLinearizations.collect). */
      readonly partials?: readonly (readonly number[])[];
      readonly omitted?: number;
    }
  | { readonly verdict: "unknown"; readonly steps: number; readonly limit: SearchLimit };

/** The limits of one {@link PartitionSearch.run}. */
export interface RunLimits {
  /** Steps this run may take. */
  readonly steps: number;
  /** Bytes the search may hold in all (it stops with `memory` beyond). */
  readonly bytes: number;
}

/**
 * A search that can be run in slices: a run that stops at its step limit
 * keeps its place (stack, memo), and the next run goes on from there, so a
 * partition given more steps later does not start over. Each outcome's
 * `steps` are those of that run. After any other outcome, do not run again.
 */
export interface PartitionSearch {
  run(limits: RunLimits): SearchOutcome;
  /** Bytes held now (what {@link RunLimits.bytes} is checked against). */
  bytes(): number;
  /** What the search has found so far: the longest prefix and (with `partials`) the longest partial linearizations, as an illegal outcome would give them. */
  progress(): SearchProgress;
}

/** The witness material of a search so far (indices into its operations). */
export interface SearchProgress {
  readonly prefix: readonly number[];
  readonly partials?: readonly (readonly number[])[];
  readonly omitted?: number;
}
