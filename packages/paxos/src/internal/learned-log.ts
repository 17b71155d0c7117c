import type { PaxosEntry } from "../messages.js";

/** One learned slot as a replica view shows it: the ballot that first proposed it as its term. */
export interface LearnedEntryView {
  readonly term: number;
  readonly id: string;
}

/**
 * What a node learned chosen: the log (every slot from 1 up to the first
 * one not known chosen) and the slots learned beyond it.
 *
 * The log grows in place: a copy per learned slot made a run's cost grow
 * with the square of its log (12-15% of a Paxos hunt). Nothing keeps it
 * past a step, messages carry slices, and a restart builds a new node.
 */
export class LearnedLog {
  private readonly entries: PaxosEntry[] = [];
  /** Slots learned chosen beyond the contiguous log. */
  private readonly ahead = new Map<number, PaxosEntry>();
  /** What {@link LearnedLog.view} last returned. */
  private lastView: LearnedEntryView[] = [];

  /** The log, slot 1 first. */
  get log(): readonly PaxosEntry[] {
    return this.entries;
  }

  /** Whether `slot` is known chosen, in the log or beyond it. */
  knows(slot: number): boolean {
    return slot <= this.entries.length || this.ahead.has(slot);
  }

  /** The slots learned beyond the log. */
  aheadSlots(): IterableIterator<number> {
    return this.ahead.keys();
  }

  /**
   * Learns that `entry` was chosen at `slot`; returns how many slots the
   * log grew by (the slot itself and any learned ahead of it that it makes
   * contiguous), 0 when it was known or lies beyond a gap.
   */
  learn(slot: number, entry: PaxosEntry): number {
    const entries = this.entries;
    if (this.knows(slot)) return 0;
    if (slot > entries.length + 1) {
      this.ahead.set(slot, entry);
      return 0;
    }
    const before = entries.length;
    let next: PaxosEntry | undefined = entry;
    while (next !== undefined) {
      entries.push(next);
      next = this.ahead.get(entries.length + 1);
      if (next !== undefined) this.ahead.delete(entries.length + 1);
    }
    return entries.length - before;
  }

  /**
   * The log as a replica view shows it, built only for the slots learned
   * since the last call: search reads every node's view at each sample of
   * a run, and mapping the whole log each time was most of what that cost.
   * An array returned is never changed afterwards, so a caller may keep it.
   */
  view(): readonly LearnedEntryView[] {
    const entries = this.entries;
    const last = this.lastView;
    if (last.length === entries.length) return last;
    const longer = last.slice();
    for (let i = last.length; i < entries.length; i++) {
      const entry = entries[i] as PaxosEntry;
      longer.push({ term: entry.ballot, id: entry.id });
    }
    this.lastView = longer;
    return longer;
  }
}
