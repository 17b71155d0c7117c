/**
 * The primary's count of PrepareOKs in its current view: for each op-number
 * not yet committed, the backups that said they hold it. A backup's
 * PrepareOK for op-number n vouches for every op up to n (backups accept
 * Prepares in order), and backups say it again (a lost PrepareOK must not
 * stall a commit), so the same replica is counted once per op.
 */
export class PrepareOks {
  private readonly byOp = new Map<number, number[]>();

  constructor(
    /** The seeded defect: a replica's repeated PrepareOK for an op is counted again, as if another replica had sent it. */
    private readonly countsRepeats: boolean,
  ) {}

  /** `from` holds every op from `first` to `last`. */
  record(from: number, range: { readonly first: number; readonly last: number }): void {
    for (let op = range.first; op <= range.last; op++) {
      let backers = this.byOp.get(op);
      if (backers === undefined) {
        backers = [];
        this.byOp.set(op, backers);
      }
      if (!this.countsRepeats && backers.includes(from)) continue;
      backers.push(from);
    }
  }

  /** How many PrepareOKs count for `op`. */
  count(op: number): number {
    return this.byOp.get(op)?.length ?? 0;
  }

  /** Forgets the ops up to `op` (committed). */
  forgetUpTo(op: number): void {
    for (const key of [...this.byOp.keys()]) if (key <= op) this.byOp.delete(key);
  }

  /** Forgets everything (a new view: PrepareOKs count only in the view they were sent in). */
  clear(): void {
    this.byOp.clear();
  }
}
