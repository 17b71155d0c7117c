import type { NodeId } from "@cx/sim";
import type { AcceptedValue, PaxosMessage, ReportedValue } from "../messages.js";

/** How the harvest goes wrong under a seeded defect (PaxosNode reads the defects: every guard is named there). */
export interface HarvestDefects {
  /** `ignore_promised_values`: the reported values are dropped. */
  readonly ignoreReports: boolean;
  /** `m_harvest_first_report`: a slot keeps its first report, not the highest ballot's. */
  readonly firstReportWins: boolean;
}

/**
 * A candidate's phase 1: which acceptors answered its Prepare, which
 * promised, and the highest-ballot value they reported per slot.
 */
export class PromiseTally {
  /** Acceptors that promised, a bit per node. */
  promises = 0;
  /** Acceptors that answered, promise or refusal, a bit per node. */
  answered = 0;
  /** The harvest: the highest-ballot value reported per slot. */
  readonly reported = new Map<number, AcceptedValue>();

  constructor(private readonly defects: HarvestDefects) {}

  /** A new phase 1: the candidate is an acceptor too, it promises itself and reports its own accepted values. */
  begin(self: NodeId, own: readonly ReportedValue[]): void {
    this.promises = 1 << self;
    this.answered = this.promises;
    this.harvest(own);
  }

  /** Counts an acceptor's answer to the current Prepare; whether it promised. */
  answer(from: NodeId, m: Extract<PaxosMessage, { type: "Promise" }>): boolean {
    this.answered |= 1 << from;
    if (!m.ok) return false;
    this.promises |= 1 << from;
    this.harvest(m.accepted);
    return true;
  }

  hasAnswered(peer: NodeId): boolean {
    return (this.answered & (1 << peer)) !== 0;
  }

  clear(): void {
    this.reported.clear();
    this.promises = 0;
    this.answered = 0;
  }

  /** Keeps, per slot, the value of the highest ballot reported so far. */
  private harvest(values: readonly ReportedValue[]): void {
    if (this.defects.ignoreReports) return;
    for (const v of values) {
      const known = this.reported.get(v.slot);
      if (known === undefined || (v.ballot > known.ballot && !this.defects.firstReportWins)) this.reported.set(v.slot, { ballot: v.ballot, entry: v.entry });
    }
  }
}
