import { recogniseReplicaObservation, type ReplicaRole } from "@cx/check";
import type { TraceEvent } from "@cx/sim";

/** What a node was doing over an interval: `up` when the protocol reports no role. */
export type LaneState = "up" | ReplicaRole | "down";

export interface LaneSegment {
  readonly node: number;
  readonly from: number;
  readonly to: number;
  readonly state: LaneState;
  /** The term, when the protocol reports one. */
  readonly term: number | null;
  /** The protocol's own word for the node's state within its role (`recovering`), when it reports one. */
  readonly status: string | null;
  /** Position in the trace of the event that began this state (null: it began before the window or the run). */
  readonly cause: number | null;
}

/**
 * Each node's states over `[from, to]`, replaying the whole trace so a
 * window that starts mid-run still knows who was leader and who was down.
 */
export function laneSegments(trace: readonly TraceEvent[], setup: { clusterSize: number; from: number; to: number }): LaneSegment[] {
  const { clusterSize, from, to } = setup;
  type Current = { state: LaneState; term: number | null; status: string | null; since: number; cause: number | null };
  const current: Current[] = Array.from({ length: clusterSize }, () => ({ state: "up" as LaneState, term: null, status: null, since: from, cause: null }));
  const segments: LaneSegment[] = [];
  const change = (node: number, at: number, next: { state: LaneState; term: number | null; status?: string | undefined; cause: number }): void => {
    const now = current[node];
    const status = next.status ?? null;
    if (now === undefined || (now.state === next.state && now.term === next.term && now.status === status)) return;
    const start = Math.max(now.since, from);
    const end = Math.min(at, to);
    if (end > start) segments.push({ node, from: start, to: end, state: now.state, term: now.term, status: now.status, cause: now.cause });
    current[node] = { state: next.state, term: next.term, status, since: Math.max(at, from), cause: at >= from ? next.cause : null };
  };
  trace.every((event, cause) => {
    if (event.time > to) return false;
    if (event.kind === "crash") change(event.node, event.time, { state: "down", term: current[event.node]?.term ?? null, cause });
    else if (event.kind === "restart") change(event.node, event.time, { state: "up", term: current[event.node]?.term ?? null, cause });
    else if (event.kind === "observation") {
      const known = recogniseReplicaObservation(event.observation, event.node);
      if (known?.kind === "role") change(event.node, event.time, { state: known.role, term: known.term, status: known.status, cause });
      else if (known?.kind === "restarted") change(event.node, event.time, { state: "follower", term: known.term, cause });
    }
    return true;
  });
  for (let node = 0; node < clusterSize; node++) {
    const now = current[node];
    if (now !== undefined && to > now.since) segments.push({ node, from: now.since, to, state: now.state, term: now.term, status: now.status, cause: now.cause });
  }
  return segments.sort((a, b) => a.node - b.node || a.from - b.from);
}
