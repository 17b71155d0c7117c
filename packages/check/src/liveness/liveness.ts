import type { InvariantViolation } from "../invariants/invariant-violation.js";
import type { ReplicaObservation } from "../replica/replica-observation.js";

/** What {@link checkLiveness} needs to know about a run. */
export interface LivenessInput {
  /** When the calm phase began (network healed, every node up), or `null` if the run never got there. */
  readonly calmStartedAt: number | null;
  /** When the run ended. */
  readonly endTime: number;
  /** The highest commit index any replica reached before the calm phase. */
  readonly commitIndexAtCalmStart: number;
  /** The highest commit index any replica reached by the end. */
  readonly commitIndexAtEnd: number;
}

/**
 * Liveness: once the network healed and every node was up again, did the
 * cluster commit anything new?
 *
 * When to use: at the end of a run. Asked only if the calm phase was
 * reached; never "is there exactly one leader at the end", since elections
 * legitimately leave a cluster leaderless for a while.
 *
 * Gotchas: it relies on the scenario giving the cluster something to commit
 * during the calm phase (the simulator's probe client writes once).
 *
 * @example
 * ```ts
 * checkLiveness({ calmStartedAt: 2000, endTime: 5000, commitIndexAtCalmStart: 12, commitIndexAtEnd: 12 });
 * // { invariant: "Liveness", message: "the commit index stayed at 12 for the whole calm phase (3000 ms from 2000 ms): nothing was committed after the network healed",
 * //   subjects: { property: "liveness", nodes: [], terms: [], entries: [], operations: [] } }
 * ```
 */
export function checkLiveness(input: LivenessInput): InvariantViolation | undefined {
  if (input.calmStartedAt === null || input.commitIndexAtEnd > input.commitIndexAtCalmStart) return undefined;
  const calmMs = input.endTime - input.calmStartedAt;
  return {
    invariant: "Liveness",
    message: `the commit index stayed at ${input.commitIndexAtCalmStart} for the whole calm phase (${calmMs} ms from ${input.calmStartedAt} ms): nothing was committed after the network healed`,
    // Liveness names no replica, term or entry: the whole cluster stopped making progress.
    subjects: { property: "liveness", nodes: [], terms: [], entries: [], operations: [] },
  };
}

/**
 * Follows the highest commit index through a run, split at the start of the
 * calm phase, for {@link checkLiveness}.
 *
 * When to use: feed it every observation with whether the world is in its
 * calm phase; ask {@link LivenessTracker.verdict} once at the end. O(1) per
 * observation.
 *
 * @example
 * ```ts
 * const liveness = createLivenessTracker();
 * liveness.observe({ kind: "committed", node: 0, index: 3, term: 2 }, true);
 * liveness.verdict({ calmStartedAt: 2000, endTime: 2600 }); // undefined: it advanced
 * ```
 */
export interface LivenessTracker {
  observe(observation: ReplicaObservation, inCalmPhase: boolean): void;
  /** The highest commit index seen so far, on any replica. */
  readonly commitIndex: number;
  verdict(run: { readonly calmStartedAt: number | null; readonly endTime: number }): InvariantViolation | undefined;
}

/** Creates a {@link LivenessTracker}. */
export function createLivenessTracker(): LivenessTracker {
  let beforeCalm = 0;
  let highest = 0;
  return {
    observe(observation, inCalmPhase) {
      if (observation.kind !== "committed") return;
      if (observation.index > highest) highest = observation.index;
      if (!inCalmPhase && observation.index > beforeCalm) beforeCalm = observation.index;
    },
    get commitIndex() {
      return highest;
    },
    verdict: (run) => checkLiveness({ calmStartedAt: run.calmStartedAt, endTime: run.endTime, commitIndexAtCalmStart: beforeCalm, commitIndexAtEnd: highest }),
  };
}
