/** How replicas' logs disagree: indices where two of them hold entries of different terms. */
export interface LogConflicts {
  /** The longest log's length. */
  readonly longest: number;
  /** Indices (0-based) at which some two logs hold entries of different terms. */
  readonly conflicts: number;
  /** Whether one of those indices lies below `commitIndex` (a committed entry some replica disagrees with). */
  readonly belowCommit: boolean;
}

/**
 * Counts the indices at which replicas' logs disagree, each entry known
 * only by the term (view, ballot) it was written in. @cx/sim's
 * `replicaAbstractState` and a protocol's own coverage probe ask it, each
 * with its own notion of the commit index.
 *
 * @example
 * ```ts
 * logConflicts([[{ term: 1 }, { term: 2 }], [{ term: 1 }, { term: 3 }]], 1); // { longest: 2, conflicts: 1, belowCommit: false }
 * ```
 */
export function logConflicts(logs: readonly (readonly { readonly term: number }[])[], commitIndex: number): LogConflicts {
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
