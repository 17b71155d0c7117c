import { recogniseReplicaObservation } from "@cx/check";
import type { TraceEvent, Violation, ViolationOperation } from "@cx/sim";

/** What a violation is about, read from its subjects: what the story follows. */
export interface Focus {
  readonly entries: ReadonlySet<number>;
  /** Terms the violation names: the votes cast in them explain it. */
  readonly terms: ReadonlySet<number>;
  /** Operations as `client#seq`. */
  readonly operations: ReadonlySet<string>;
  /** Of those, the ones no order of the history can place (`client#seq`). */
  readonly unplaceable: ReadonlySet<string>;
  /** A liveness failure: the story is about why progress stopped, not about particular entries. */
  readonly liveness: boolean;
  /** Nodes the violation names (empty when it names none). */
  readonly nodes: ReadonlySet<number>;
}

/**
 * The `client#seq` of an operation subject: its own seq, or the seq of the
 * client's first call at the subject's call time.
 */
function operationKey(operation: ViolationOperation, trace: readonly TraceEvent[]): string | null {
  if (operation.seq !== undefined) return `${operation.client}#${operation.seq}`;
  if (operation.call === undefined) return null;
  for (const event of trace) {
    if (event.kind === "client-call" && event.attempt === 1 && event.client === operation.client && event.time === operation.call) return `${event.client}#${event.seq}`;
  }
  return null;
}

/**
 * Works out what the story should follow, from the violation's subjects
 * only (never its message). Entries: the subjects' entries (or
 * `explicitEntries`), plus those where a named operation was applied; when
 * a safety violation names neither entries nor operations, the two most
 * recently touched indices.
 */
export function findFocus(violation: Violation | null, trace: readonly TraceEvent[], explicitEntries: readonly number[] | undefined): Focus {
  const subjects = violation?.subjects ?? {};
  const liveness = subjects.property === "liveness";
  const operations = new Set<string>();
  const unplaceable = new Set<string>();
  for (const operation of subjects.operations ?? []) {
    const key = operationKey(operation, trace);
    if (key === null) continue;
    operations.add(key);
    if (operation.role === "unplaceable") unplaceable.add(key);
  }
  const terms = new Set(subjects.terms ?? []);
  const nodes = new Set(subjects.nodes ?? []);
  if (explicitEntries !== undefined) return { entries: new Set(explicitEntries), operations, unplaceable, terms, liveness, nodes };
  const entries = new Set(subjects.entries ?? []);
  if (operations.size > 0) {
    for (const event of trace) {
      if (event.kind !== "observation") continue;
      const known = recogniseReplicaObservation(event.observation, event.node);
      if (known?.kind === "applied" && known.client !== null && operations.has(`${known.client}#${known.seq}`)) entries.add(known.index);
    }
  }
  if (entries.size === 0 && operations.size === 0 && !liveness) for (const index of recentIndices(trace, 2)) entries.add(index);
  return { entries, operations, unplaceable, terms, liveness, nodes };
}

/** The last `count` distinct log indices the trace touched, newest first. */
function recentIndices(trace: readonly TraceEvent[], count: number): number[] {
  const recent: number[] = [];
  for (let i = trace.length - 1; i >= 0 && recent.length < count; i--) {
    const event = trace[i];
    if (event?.kind !== "observation") continue;
    const known = recogniseReplicaObservation(event.observation, event.node);
    const index = known?.kind === "appended" || known?.kind === "committed" || known?.kind === "applied" ? known.index : known?.kind === "truncated" ? known.fromIndex : null;
    if (index !== null && index > 0 && !recent.includes(index)) recent.push(index);
  }
  return recent;
}
