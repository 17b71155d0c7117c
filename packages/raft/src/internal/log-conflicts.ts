import type { LogEntry } from "../messages.js";

/** How the nodes' logs disagree: indices where two of them hold entries of different terms. */
export interface LogConflicts {
  /** The longest log's length. */
  readonly longest: number;
  /** Indices (0-based) at which some two logs hold entries of different terms. */
  readonly conflicts: number;
  /** Whether one of those indices lies below `commitIndex` (a committed entry some node disagrees with). */
  readonly belowCommit: boolean;
}

/**
 * Counts the indices at which the nodes' logs disagree. Both the coverage
 * features and the abstract state ask it, with their own notion of the
 * commit index.
 */
export function logConflicts(logs: readonly (readonly LogEntry[])[], commitIndex: number): LogConflicts {
  let longest = 0;
  for (const log of logs) longest = Math.max(longest, log.length);
  let conflicts = 0;
  let belowCommit = false;
  for (let i = 0; i < longest; i++) {
    let term = -1;
    for (const log of logs) {
      const entry = log[i];
      if (entry === undefined) continue;
      if (term === -1) term = entry.term;
      else if (entry.term !== term) {
        conflicts++;
        if (i < commitIndex) belowCommit = true;
        break;
      }
    }
  }
  return { longest, conflicts, belowCommit };
}
