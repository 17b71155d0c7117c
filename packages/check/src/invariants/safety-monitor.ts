import type { ReplicaObservation } from "../replica/replica-observation.js";
import { nodeName } from "../replica/node-name.js";
import type { ReplicaRole } from "../replica/replica-role.js";
import type { LogEntryView } from "../replica/replica-view.js";
import { entryRange, safetySubjects } from "./internal/subjects.js";
import type { CommittedEntry, InvariantViolation } from "./invariant-violation.js";
import type { OperationSubject } from "./violation-subjects.js";

/**
 * Checks Raft's five safety properties, plus at-most-once application of
 * client operations, incrementally as observations arrive.
 *
 * When to use: feed it every {@link ReplicaObservation} a protocol emits, in
 * order, from a simulator monitor (`onObservation`). It keeps a mirror of
 * each replica's log built from the observations, so each call costs O(1)
 * except on elections and commits (proportional to the entries involved).
 *
 * Gotchas:
 * - The mirror is only as good as the observations: a protocol must emit
 *   `truncated` before rewriting entries, an `appended` for every entry
 *   written, and `restarted` after every reboot. {@link SafetyMonitor.log}
 *   lets a test compare the mirror with the real log.
 * - After the first violation the monitor's state is undefined; stop there.
 *
 * @example
 * ```ts
 * const safety = createSafetyMonitor();
 * safety.observe({ kind: "role", node: 0, role: "leader", term: 3 });
 * safety.observe({ kind: "role", node: 1, role: "leader", term: 3 });
 * // { invariant: "ElectionSafety", message: "s1 became leader in term 3, but s0 was already leader of term 3",
 * //   subjects: { property: "safety", nodes: [0, 1], terms: [3], entries: [], operations: [] } }
 * ```
 */
export interface SafetyMonitor {
  /** Checks one observation against everything seen before: the first broken invariant, or `undefined`. */
  observe(observation: ReplicaObservation): InvariantViolation | undefined;
  /** The replica's log as the observations describe it (index 1 first). */
  log(node: number): readonly LogEntryView[];
  /** The entries seen committed so far, index 1 first. */
  committed(): readonly CommittedEntry[];
}

interface ReplicaMirror {
  role: ReplicaRole;
  term: number;
  readonly log: LogEntryView[];
  commitIndex: number;
  lastApplied: number;
  /** Client, then seq, of each operation applied with effect since the last boot, to the index where that happened (numbers, not a joined string key: this is looked up at every apply). */
  readonly effects: Map<number, Map<number, number>>;
}

/** The first entry seen at an (index, term): Log Matching says every other must equal it, prefix included. */
interface EntryRecord {
  readonly term: number;
  readonly id: string;
  readonly node: number;
  readonly prevTerm: number;
  readonly prevId: string;
}

interface CommitRecord {
  readonly id: string;
  term: number;
}

interface AppliedRecord {
  readonly id: string;
  readonly node: number;
  readonly client: number | null;
  readonly seq: number | null;
}

/** The client operation an `applied` observation carries, if any. */
const appliedOperation = (o: { readonly client: number | null; readonly seq: number | null }): OperationSubject[] =>
  o.client === null ? [] : [o.seq === null ? { client: o.client, role: "involved" } : { client: o.client, seq: o.seq, role: "involved" }];

const NONE: LogEntryView = { term: 0, id: "(start of log)" };

/** The monitor's mirror of every replica and what the cluster committed and applied, checked observation by observation. */
class SafetyTracker {
  private readonly replicas: ReplicaMirror[] = [];
  private readonly leaders = new Map<number, number>();
  private readonly entries: EntryRecord[][] = [];
  private readonly commits: (CommitRecord | undefined)[] = [];
  private readonly applied: (AppliedRecord | undefined)[] = [];


  private replica(node: number): ReplicaMirror {
    let mirror = this.replicas[node];
    if (mirror === undefined) {
      for (let n = this.replicas.length; n <= node; n++) this.replicas.push({ role: "follower", term: 0, log: [], commitIndex: 0, lastApplied: 0, effects: new Map() });
      mirror = this.replicas[node] as ReplicaMirror;
    }
    return mirror;
  }

  private lacksCommitted(mirror: ReplicaMirror, index: number, record: CommitRecord): boolean {
    return mirror.log[index - 1]?.id !== record.id;
  }

  private onRole(o: Extract<ReplicaObservation, { kind: "role" }>): InvariantViolation | undefined {
    const mirror = this.replica(o.node);
    mirror.role = o.role;
    mirror.term = o.term;
    if (o.role !== "leader") return undefined;
    const other = this.leaders.get(o.term);
    if (other !== undefined && other !== o.node) {
      return {
        invariant: "ElectionSafety",
        message: `${nodeName(o.node)} became leader in term ${o.term}, but ${nodeName(other)} was already leader of term ${o.term}`,
        subjects: safetySubjects({ nodes: [o.node, other], terms: [o.term] }),
      };
    }
    this.leaders.set(o.term, o.node);
    for (let index = 1; index <= this.commits.length; index++) {
      const record = this.commits[index - 1];
      if (record !== undefined && record.term < o.term && this.lacksCommitted(mirror, index, record)) {
        return {
          invariant: "LeaderCompleteness",
          message: `${nodeName(o.node)} became leader in term ${o.term} without entry ${index}, which was committed in term ${record.term}`,
          subjects: safetySubjects({ nodes: [o.node], terms: [o.term], entries: [index] }),
        };
      }
    }
    return undefined;
  }

  private checkMatching(o: { node: number; index: number }, entry: LogEntryView, prev: LogEntryView): InvariantViolation | undefined {
    let atIndex = this.entries[o.index - 1];
    if (atIndex === undefined) {
      for (let i = this.entries.length; i < o.index; i++) this.entries.push([]);
      atIndex = this.entries[o.index - 1] as EntryRecord[];
    }
    const first = atIndex.find((r) => r.term === entry.term);
    if (first === undefined) {
      atIndex.push({ term: entry.term, id: entry.id, node: o.node, prevTerm: prev.term, prevId: prev.id });
      return undefined;
    }
    if (first.id !== entry.id) {
      return {
        invariant: "LogMatching",
        message: `${nodeName(o.node)} and ${nodeName(first.node)} both hold entry ${o.index} of term ${entry.term}, but with different commands: "${entry.id}" and "${first.id}"`,
        subjects: safetySubjects({ nodes: [o.node, first.node], terms: [entry.term], entries: [o.index] }),
      };
    }
    if (first.prevTerm !== prev.term || first.prevId !== prev.id) {
      return {
        invariant: "LogMatching",
        message: `${nodeName(o.node)} and ${nodeName(first.node)} both hold entry ${o.index} of term ${entry.term}, but their entries ${o.index - 1} differ: "${prev.id}" (term ${prev.term}) and "${first.prevId}" (term ${first.prevTerm})`,
        subjects: safetySubjects({ nodes: [o.node, first.node], terms: [entry.term], entries: [o.index - 1, o.index] }),
      };
    }
    return undefined;
  }

  private onAppended(o: Extract<ReplicaObservation, { kind: "appended" }>): InvariantViolation | undefined {
    const mirror = this.replica(o.node);
    const log = mirror.log;
    if (o.index > log.length + 1) throw new Error(`${nodeName(o.node)} reported entry ${o.index} appended to a log of ${log.length} entries: a protocol must report every entry it writes`);
    const entry: LogEntryView = { term: o.term, id: o.id };
    if (o.index <= log.length) {
      const old = log[o.index - 1] as LogEntryView;
      if (mirror.role === "leader") {
        return {
          invariant: "LeaderAppendOnly",
          message: `${nodeName(o.node)}, leader of term ${mirror.term}, overwrote its entry ${o.index} ("${old.id}", term ${old.term}) with "${o.id}" (term ${o.term})`,
          subjects: safetySubjects({ nodes: [o.node], terms: [mirror.term], entries: [o.index] }),
        };
      }
      log[o.index - 1] = entry;
      const next = log[o.index];
      // Rewriting an entry under a later one changes that entry's prefix: check it again.
      if (next !== undefined) {
        const violation = this.checkMatching({ node: o.node, index: o.index + 1 }, next, entry);
        if (violation !== undefined) return violation;
      }
    } else {
      log.push(entry);
    }
    return this.checkMatching(o, entry, log[o.index - 2] ?? NONE);
  }

  private onTruncated(o: Extract<ReplicaObservation, { kind: "truncated" }>): InvariantViolation | undefined {
    const mirror = this.replica(o.node);
    if (o.fromIndex > mirror.log.length) return undefined;
    if (mirror.role === "leader") {
      return {
        invariant: "LeaderAppendOnly",
        message: `${nodeName(o.node)}, leader of term ${mirror.term}, deleted its own entries from index ${o.fromIndex} to ${mirror.log.length}`,
        subjects: safetySubjects({ nodes: [o.node], terms: [mirror.term], entries: entryRange(o.fromIndex, mirror.log.length) }),
      };
    }
    mirror.log.length = Math.max(0, o.fromIndex - 1);
    return undefined;
  }

  private onCommitted(o: Extract<ReplicaObservation, { kind: "committed" }>): InvariantViolation | undefined {
    const mirror = this.replica(o.node);
    const upTo = Math.min(o.index, mirror.log.length);
    for (let index = mirror.commitIndex + 1; index <= upTo; index++) {
      const entry = mirror.log[index - 1] as LogEntryView;
      const record = this.commits[index - 1];
      if (record !== undefined) {
        if (record.id === entry.id && o.term < record.term) record.term = o.term;
        continue;
      }
      for (let i = this.commits.length; i < index - 1; i++) this.commits.push(undefined);
      const fresh: CommitRecord = { id: entry.id, term: o.term };
      this.commits[index - 1] = fresh;
      // A leader of a later term elected before this commit was observed must hold the entry too.
      for (let node = 0; node < this.replicas.length; node++) {
        const other = this.replicas[node] as ReplicaMirror;
        if (other.role === "leader" && other.term > o.term && this.lacksCommitted(other, index, fresh)) {
          return {
            invariant: "LeaderCompleteness",
            message: `${nodeName(node)} is leader of term ${other.term} without entry ${index}, which ${nodeName(o.node)} committed in term ${o.term}`,
            subjects: safetySubjects({ nodes: [node, o.node], terms: [other.term], entries: [index] }),
          };
        }
      }
    }
    if (o.index > mirror.commitIndex) mirror.commitIndex = o.index;
    return undefined;
  }

  private onApplied(o: Extract<ReplicaObservation, { kind: "applied" }>): InvariantViolation | undefined {
    const mirror = this.replica(o.node);
    if (o.index !== mirror.lastApplied + 1) {
      return {
        invariant: "StateMachineSafety",
        message: `${nodeName(o.node)} applied entry ${o.index} right after entry ${mirror.lastApplied}: entries must be applied in order`,
        subjects: safetySubjects({ nodes: [o.node], entries: mirror.lastApplied > 0 ? [mirror.lastApplied, o.index] : [o.index], operations: appliedOperation(o) }),
      };
    }
    mirror.lastApplied = o.index;
    const first = this.applied[o.index - 1];
    if (first === undefined) {
      for (let i = this.applied.length; i < o.index - 1; i++) this.applied.push(undefined);
      this.applied[o.index - 1] = { id: o.id, node: o.node, client: o.client, seq: o.seq };
    } else if (first.id !== o.id) {
      return {
        invariant: "StateMachineSafety",
        message: `${nodeName(o.node)} applied "${o.id}" at index ${o.index}, but ${nodeName(first.node)} applied "${first.id}" there`,
        subjects: safetySubjects({ nodes: [o.node, first.node], entries: [o.index], operations: [...appliedOperation(first), ...appliedOperation(o)] }),
      };
    }
    if (o.effect && o.client !== null && o.seq !== null) {
      let seqs = mirror.effects.get(o.client);
      if (seqs === undefined) mirror.effects.set(o.client, (seqs = new Map()));
      const before = seqs.get(o.seq);
      if (before !== undefined) {
        return {
          invariant: "DuplicateApply",
          message: `${nodeName(o.node)} applied client ${o.client}'s operation #${o.seq} twice: at index ${before} and again at index ${o.index} ("${o.id}")`,
          subjects: safetySubjects({ nodes: [o.node], entries: [before, o.index], operations: [{ client: o.client, seq: o.seq, role: "involved" }] }),
        };
      }
      seqs.set(o.seq, o.index);
    }
    return undefined;
  }

  private onRestarted(o: Extract<ReplicaObservation, { kind: "restarted" }>): undefined {
    const mirror = this.replica(o.node);
    // Volatile state is gone: the state machine is rebuilt from the log.
    mirror.role = "follower";
    mirror.term = o.term;
    mirror.commitIndex = 0;
    mirror.lastApplied = 0;
    mirror.effects.clear();
    if (mirror.log.length > o.logLength) mirror.log.length = o.logLength;
    return undefined;
  }

  observe(observation: ReplicaObservation): InvariantViolation | undefined {
    switch (observation.kind) {
      case "role":
        return this.onRole(observation);
      case "appended":
        return this.onAppended(observation);
      case "truncated":
        return this.onTruncated(observation);
      case "committed":
        return this.onCommitted(observation);
      case "applied":
        return this.onApplied(observation);
      case "restarted":
        return this.onRestarted(observation);
      case "voted":
        // Votes explain stories; Election Safety is judged on who became leader.
        return undefined;
    }
  }

  log(node: number): readonly LogEntryView[] {
    return this.replica(node).log;
  }

  committed(): CommittedEntry[] {
    const out: CommittedEntry[] = [];
    this.commits.forEach((record, i) => {
      if (record !== undefined) out.push({ index: i + 1, id: record.id, term: record.term });
    });
    return out;
  }
}

/** Creates an incremental {@link SafetyMonitor}; see there. */
export function createSafetyMonitor(): SafetyMonitor {
  const tracker = new SafetyTracker();
  return {
    observe: (observation) => tracker.observe(observation),
    log: (node) => tracker.log(node),
    committed: () => tracker.committed(),
  };
}
