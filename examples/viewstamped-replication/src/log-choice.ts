// Two pure steps of a view change: which log the new primary takes, and how
// much of a replica's log survives when it adopts another.
import type { VrEntry } from "./vr-terms.js";

/** One DoViewChange as the new primary keeps it: who sent it and what it carried. */
export interface ViewChangeVote {
  readonly from: number;
  readonly log: readonly VrEntry[];
  readonly lastNormalView: number;
  readonly commit: number;
}

/**
 * The log the new primary adopts (VR-Revisited, section 4.2 step 3): the one
 * with the largest last normal view, and among those the one with the
 * largest op-number. Ties go to the first received. With `longestWins` (a
 * seeded defect) the last normal view is ignored: the longest log wins, even
 * one whose suffix a later view already replaced.
 */
export function chooseLog(votes: Iterable<ViewChangeVote>, longestWins: boolean): ViewChangeVote | undefined {
  let best: ViewChangeVote | undefined;
  for (const vote of votes) {
    if (best === undefined) best = vote;
    else if (longestWins ? vote.log.length > best.log.length : vote.lastNormalView > best.lastNormalView || (vote.lastNormalView === best.lastNormalView && vote.log.length > best.log.length)) best = vote;
  }
  return best;
}

/** How many leading entries two logs share (the same op in the same view at each position). */
export function sharedPrefix(a: readonly VrEntry[], b: readonly VrEntry[]): number {
  const upTo = Math.min(a.length, b.length);
  let i = 0;
  while (i < upTo && a[i]?.id === b[i]?.id && a[i]?.view === b[i]?.view) i++;
  return i;
}
