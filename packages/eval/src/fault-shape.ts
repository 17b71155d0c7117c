import type { TraceEvent } from "@cx/sim";

/**
 * The faults a run held before its failure, counted by kind, in words:
 * crashes, partitions by shape, dropped, duplicated and overtaken messages
 * (a message overtaken when one sent after it on the same link arrived
 * first). Nodes are left out of the names ("a node isolated"), so two runs
 * that differ only in which node they hit share a shape. `"no fault"` when
 * the run held none before `until`.
 *
 * Why: finds of one defect often break it through different faults (the
 * leader crashed in one, cut off in another); no shrink can turn one into
 * the other, so the normal-form figures also count, per shape, how many
 * finds shrank to one list: what the shrinker itself left unsettled.
 *
 * @example
 * ```ts
 * faultShape(run.trace, run.violation?.time ?? run.endTime); // "crash x1, partition (a node isolated) x1"
 * ```
 */
export function faultShape(trace: readonly TraceEvent[], until: number): string {
  const counts = new Map<string, number>();
  const add = (kind: string): void => {
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  };
  const sends: Extract<TraceEvent, { kind: "send" }>[] = [];
  for (const e of trace) {
    if (e.time > until) break;
    if (e.kind === "crash") add("crash");
    else if (e.kind === "partition") add(`partition (${withoutNodes(e.shape)})`);
    else if (e.kind === "send") {
      if (e.fate === "dropped") add("dropped message");
      if (e.duplicate) add("duplicated message");
      if (e.fate === "delivered") sends.push(e);
    }
  }
  // Latest send first: a message is overtaken when one sent after it on its link arrives before it (counted once, however many pass it).
  const earliestLaterArrival = new Map<string, number>();
  for (let i = sends.length - 1; i >= 0; i--) {
    const s = sends[i] as (typeof sends)[number];
    const link = `${s.from}>${s.to}`;
    const earliest = earliestLaterArrival.get(link);
    if (earliest !== undefined && earliest < s.deliverAt) add("overtaken message");
    earliestLaterArrival.set(link, Math.min(earliest ?? s.deliverAt, s.deliverAt));
  }
  if (counts.size === 0) return "no fault";
  return [...counts]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([kind, n]) => `${kind} x${n}`)
    .join(", ");
}

/** A partition's shape without its nodes: "s2 isolated" is "a node isolated", "{s0,s1} split from the rest" is "2 nodes split from the rest". */
function withoutNodes(shape: string): string {
  return shape
    .replace(/\{([^}]*)\}/g, (_, nodes: string) => `${nodes.split(",").length} nodes`)
    .replace(/\bs\d+\b/g, "a node");
}
