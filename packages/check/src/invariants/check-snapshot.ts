import { nodeName } from "../replica/node-name.js";
import type { ReplicaView } from "../replica/replica-view.js";
import { safetySubjects } from "./internal/subjects.js";
import type { CommittedEntry, InvariantViolation } from "./invariant-violation.js";

/**
 * Election Safety on one snapshot: no two live replicas lead the same term.
 *
 * When to use: on a cluster state you hold (a test, a saved snapshot). In a
 * running simulation prefer {@link createSafetyMonitor}, which also catches
 * two leaders of one term that never coexisted.
 *
 * @example
 * ```ts
 * checkElectionSafety([leader(0, 3), leader(1, 3)]); // ElectionSafety violation
 * ```
 */
export function checkElectionSafety(views: readonly ReplicaView[]): InvariantViolation | undefined {
  const seen = new Map<number, number>();
  for (const view of views) {
    if (view.role !== "leader") continue;
    const other = seen.get(view.term);
    if (other !== undefined) {
      return {
        invariant: "ElectionSafety",
        message: `${nodeName(other)} and ${nodeName(view.node)} are both leader of term ${view.term}`,
        subjects: safetySubjects({ nodes: [other, view.node], terms: [view.term] }),
      };
    }
    seen.set(view.term, view.node);
  }
  return undefined;
}

/**
 * Log Matching on one snapshot: if two logs hold an entry with the same
 * index and term, that entry and every entry before it are identical.
 *
 * When to use: on any set of replica views, crashed replicas included (their
 * logs are persistent). Cost O(replicas² × log length).
 *
 * @example
 * ```ts
 * checkLogMatching(views); // undefined when the logs agree
 * ```
 */
export function checkLogMatching(views: readonly ReplicaView[]): InvariantViolation | undefined {
  for (let a = 0; a < views.length; a++) {
    for (let b = a + 1; b < views.length; b++) {
      const left = views[a] as ReplicaView;
      const right = views[b] as ReplicaView;
      // The highest index where both hold an entry of the same term binds everything below it.
      let top = Math.min(left.log.length, right.log.length);
      while (top > 0 && left.log[top - 1]?.term !== right.log[top - 1]?.term) top--;
      for (let index = top; index >= 1; index--) {
        const x = left.log[index - 1];
        const y = right.log[index - 1];
        if (x === undefined || y === undefined) continue;
        if (x.term !== y.term || x.id !== y.id) {
          return {
            invariant: "LogMatching",
            message: `${nodeName(left.node)} and ${nodeName(right.node)} both hold entry ${top} of term ${left.log[top - 1]?.term}, but their entries ${index} differ: "${x.id}" (term ${x.term}) and "${y.id}" (term ${y.term})`,
            subjects: safetySubjects({ nodes: [left.node, right.node], terms: [left.log[top - 1]?.term ?? 0], entries: [index, top] }),
          };
        }
      }
    }
  }
  return undefined;
}

/**
 * State Machine Safety on one snapshot: no two replicas have applied
 * different entries at the same index.
 *
 * When to use: on views whose logs still hold every applied entry (no
 * compaction). Indices past a log's end are skipped.
 *
 * @example
 * ```ts
 * checkStateMachineSafety(views);
 * ```
 */
export function checkStateMachineSafety(views: readonly ReplicaView[]): InvariantViolation | undefined {
  for (let a = 0; a < views.length; a++) {
    for (let b = a + 1; b < views.length; b++) {
      const left = views[a] as ReplicaView;
      const right = views[b] as ReplicaView;
      const upTo = Math.min(left.appliedIndex, right.appliedIndex, left.log.length, right.log.length);
      for (let index = 1; index <= upTo; index++) {
        const x = left.log[index - 1];
        const y = right.log[index - 1];
        if (x !== undefined && y !== undefined && x.id !== y.id) {
          return {
            invariant: "StateMachineSafety",
            message: `${nodeName(left.node)} applied "${x.id}" at index ${index}, but ${nodeName(right.node)} applied "${y.id}" there`,
            subjects: safetySubjects({ nodes: [left.node, right.node], entries: [index] }),
          };
        }
      }
    }
  }
  return undefined;
}

/**
 * Leader Completeness on one snapshot: every leader holds every entry that
 * was committed in an earlier term than its own.
 *
 * When to use: with the committed entries recorded so far (e.g. from
 * {@link SafetyMonitor.committed}).
 *
 * Gotchas: a stale leader of a term no later than the commit's term is not
 * bound, and may legitimately lack the entry.
 *
 * @example
 * ```ts
 * checkLeaderCompleteness(views, [{ index: 19, id: "c1#4 write 1.4", term: 32 }]);
 * ```
 */
export function checkLeaderCompleteness(views: readonly ReplicaView[], committed: readonly CommittedEntry[]): InvariantViolation | undefined {
  for (const view of views) {
    if (view.role !== "leader") continue;
    for (const entry of committed) {
      if (entry.term < view.term && view.log[entry.index - 1]?.id !== entry.id) {
        return {
          invariant: "LeaderCompleteness",
          message: `${nodeName(view.node)} is leader of term ${view.term} without entry ${entry.index}, which was committed in term ${entry.term}`,
          subjects: safetySubjects({ nodes: [view.node], terms: [view.term], entries: [entry.index] }),
        };
      }
    }
  }
  return undefined;
}

/**
 * Every snapshot invariant at once: Election Safety, Log Matching, State
 * Machine Safety and (given committed entries) Leader Completeness.
 *
 * When to use: to judge a saved cluster state, or to cross-check a protocol's
 * observations against its real state in a test.
 *
 * @example
 * ```ts
 * const violation = checkSnapshot(views, monitor.committed());
 * ```
 */
export function checkSnapshot(views: readonly ReplicaView[], committed: readonly CommittedEntry[] = []): InvariantViolation | undefined {
  return checkElectionSafety(views) ?? checkLogMatching(views) ?? checkStateMachineSafety(views) ?? checkLeaderCompleteness(views, committed);
}
