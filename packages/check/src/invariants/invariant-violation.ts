import type { ViolationSubjects } from "./violation-subjects.js";

/**
 * The names of the properties cx checks. Safety invariants over a
 * replicated log come first, then the end-of-run checks.
 *
 * When to use: as the `invariant` of a {@link InvariantViolation}; search and
 * shrinking compare violations by this name (and message), so keep it stable.
 */
export type InvariantName =
  | "ElectionSafety"
  | "LeaderAppendOnly"
  | "LogMatching"
  | "LeaderCompleteness"
  | "StateMachineSafety"
  | "DuplicateApply"
  | "Linearizability"
  | "Liveness";

/**
 * A broken property, as data: which invariant, a sentence a person
 * understands at once, and its subjects (the replicas, terms, entries and
 * client operations involved). The simulated world adds the time and step.
 *
 * When to use: what every check of this package returns. Tools that point
 * at the failure (a story, a diagram) read `subjects`; the message is for
 * people and may be reworded.
 *
 * Gotchas: structurally a `PropertyFailure` of `@cx/sim`, so a monitor can
 * return it as it is, without @cx/check importing @cx/sim.
 *
 * @example
 * ```ts
 * const v: InvariantViolation = {
 *   invariant: "LeaderCompleteness",
 *   message: "s2 became leader in term 35 without entry 19, which was committed in term 32",
 *   subjects: { property: "safety", nodes: [2], terms: [35], entries: [19], operations: [] },
 * };
 * ```
 */
export interface InvariantViolation {
  readonly invariant: InvariantName;
  readonly message: string;
  readonly subjects: ViolationSubjects;
}

/** An entry known to be committed: where, which command, and the term in which it was first seen committed. */
export interface CommittedEntry {
  readonly index: number;
  readonly id: string;
  /** The committing replica's current term when the commit was first observed (Leader Completeness binds leaders of later terms only). */
  readonly term: number;
}
