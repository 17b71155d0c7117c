import type { HistoryOperation } from "../clients/history.js";
import type { NodeId, Observation } from "../protocol.js";
import type { ViolationSubjects } from "../violation.js";
import type { ClusterView } from "./cluster-view.js";

/**
 * A property that broke, as a monitor reports it; the world adds time and
 * step and carries `subjects` into the run's violation as they are.
 *
 * @example
 * ```ts
 * return { invariant: "ElectionSafety", message: "s1 and s0 both lead term 3", subjects: { nodes: [0, 1], terms: [3] } };
 * ```
 */
export interface PropertyFailure {
  readonly invariant: string;
  readonly message: string;
  /** What the failure is about (nodes, terms, entries, operations), for tools that point at it. */
  readonly subjects?: ViolationSubjects;
}

/** What a monitor sees once the run is over. */
export interface FinishedRun<Node, Input, Output> {
  readonly cluster: ClusterView<Node>;
  readonly history: readonly HistoryOperation<Input, Output>[];
  /** When the calm phase began, or `null` if the run stopped before it. */
  readonly calmStartedAt: number | null;
}

/**
 * Watches a run. Each hook may report a failure; the first one stops the
 * run and becomes its violation. Hooks are called synchronously inside the
 * step that caused them, so a violation's step and time are exact.
 */
export interface Monitor<Node, Input, Output> {
  /** After a node emits an observation (the node's state already reflects it). */
  onObservation?(node: NodeId, observation: Observation, cluster: ClusterView<Node>): PropertyFailure | undefined;
  /**
   * When a client operation ends: answered (`return` set) or given up
   * (`return: null`, its outcome unknown). `history` is every operation
   * called so far, in call order (one with `return: null` may still be in
   * flight). A history property checked here stops the run at the step of
   * the answer that broke it, instead of at the end.
   */
  onOperation?(operation: HistoryOperation<Input, Output>, history: readonly HistoryOperation<Input, Output>[], cluster: ClusterView<Node>): PropertyFailure | undefined;
  /** After every step of the event loop. Keep it cheap: it runs millions of times. */
  afterStep?(cluster: ClusterView<Node>): PropertyFailure | undefined;
  /** Once, at the end of a run that had no violation. */
  finish?(run: FinishedRun<Node, Input, Output>): PropertyFailure | undefined;
  /** What the monitor counted, read once the run is over (into `RunResult.figures`): protocol-neutral names such as `commitIndex`. */
  figures?(): Readonly<Record<string, number>>;
}
