import type { Model } from "../model.js";
import type { Operation } from "../operation.js";

/** One partition, ready to search: operations already prepared and filtered. */
export interface SearchProblem<State, Input, Output> {
  readonly model: Model<State, Input, Output>;
  readonly operations: readonly Operation<Input, Output>[];
  /** cx's pruning on top of Porcupine's algorithm (see CheckOptions.pruning). */
  readonly pruning: boolean;
  /** Steps still allowed. */
  readonly stepsLeft: number;
  /** Memory allowed for what the search keeps (memo, states, transition cache, stacks). */
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
