import type { NodeId } from "./protocol.js";

/**
 * A client operation a violation is about: by `client` and `seq` (as the
 * trace's client events carry them) and, when known, `call`, the time it was
 * invoked. `role`: `unplaceable` (no order of the history explains it),
 * `preceding` (what it should have seen), or `involved`.
 */
export interface ViolationOperation {
  readonly client: number;
  readonly seq?: number;
  readonly call?: number;
  readonly role?: "unplaceable" | "preceding" | "involved";
}

/**
 * What a violation is about, as data a tool can follow in the trace without
 * reading the message: the nodes, terms (the protocol's epochs: Raft's term,
 * Paxos's ballot, VR's view), log entries and client operations involved,
 * and whether a safety or a liveness property broke.
 *
 * When to use: a monitor fills what it knows; every field is optional.
 * `@cx/check`'s invariants fill all of them (its `ViolationSubjects` is
 * this shape).
 *
 * @example
 * ```ts
 * const subjects: ViolationSubjects = { property: "safety", nodes: [0, 1], terms: [3] };
 * ```
 */
export interface ViolationSubjects {
  readonly property?: "safety" | "liveness";
  readonly nodes?: readonly NodeId[];
  readonly terms?: readonly number[];
  readonly entries?: readonly number[];
  readonly operations?: readonly ViolationOperation[];
}

/**
 * A broken property, as data: which invariant, a sentence a person
 * understands at once, when (simulated time and step index), and what it is
 * about (`subjects`, when the monitor said).
 *
 * Gotchas: search and shrinking compare violations by `invariant`; the
 * message is for people and `subjects` for tools (a story follows them).
 *
 * @example
 * ```ts
 * if (run.violation?.subjects?.property === "liveness") console.log("progress stopped at", run.violation.time);
 * ```
 */
export interface Violation {
  readonly invariant: string;
  readonly message: string;
  readonly time: number;
  readonly step: number;
  readonly subjects?: ViolationSubjects;
}
