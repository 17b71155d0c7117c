/** Raft's optional features. */
export interface RaftOptions {
  /**
   * Serve reads from a leader lease (no log round) instead of through the
   * log, assuming every clock drifts by at most `driftBoundPpm` parts per
   * million. Followers then deny votes while they honour a lease.
   */
  readonly leaseReads?: { readonly driftBoundPpm: number };
}
