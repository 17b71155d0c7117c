/**
 * A client operation a violation is about, identified so a tool can find it
 * in a recorded run: by `client` and `seq` (the client's operation number,
 * as in the trace's client events and the replicas' `applied`
 * observations), and by `call`, the time it was invoked, when known.
 *
 * `role` says how it takes part:
 * - `unplaceable`: no order of the history explains it (a linearizability
 *   failure names exactly one, e.g. the stale read);
 * - `preceding`: the last state-changing operation that had returned before
 *   the unplaceable one was called, i.e. what it should have seen;
 * - `involved`: any other operation the violation names (applied twice,
 *   applied differently).
 *
 * @example
 * ```ts
 * const stale: OperationSubject = { client: 1, seq: 4, call: 1450, role: "unplaceable" };
 * ```
 */
export interface OperationSubject {
  readonly client: number;
  readonly seq?: number;
  readonly call?: number;
  readonly role: "unplaceable" | "preceding" | "involved";
}

/**
 * What a violation is about, as data: the replicas, terms, log entries and
 * client operations involved, and whether the property is about safety
 * (something bad happened at a moment) or liveness (progress stopped).
 *
 * When to use: to point at the failure in a recorded run (a story follows
 * these, never the wording of the message). A **term** here is the one
 * protocol-neutral epoch: Raft's term, Paxos's ballot, VR's view.
 *
 * Gotchas: lists are sorted and free of duplicates; empty when the violation
 * names nothing of that kind (a liveness failure names none). Structurally
 * a `ViolationSubjects` of `@cx/sim`, so a monitor passes it through.
 *
 * @example
 * ```ts
 * const subjects: ViolationSubjects = { property: "safety", nodes: [0, 1], terms: [3], entries: [], operations: [] };
 * ```
 */
export interface ViolationSubjects {
  readonly property: "safety" | "liveness";
  /** Replica indices (`s0` is 0), ascending. */
  readonly nodes: readonly number[];
  /**
   * Terms (ballots, views) the violation is about: the term of a leader it
   * names, or of the entries it compares. Ascending.
   */
  readonly terms: readonly number[];
  /** Log indices (1 = the first entry), ascending. */
  readonly entries: readonly number[];
  readonly operations: readonly OperationSubject[];
}
