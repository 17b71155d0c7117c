import { recogniseReplicaObservation } from "@cx/check";
import type { NodeId, TraceEvent } from "@cx/sim";
import { nodeList } from "../../internal/node-list.js";
import type { DraftList } from "./draft-list.js";
import { entriesText, StoryPriority, type Draft } from "./draft.js";

/** The highest index ever committed in the trace: for liveness, the story is about why nothing followed it. */
export function finalCommitOf(trace: readonly TraceEvent[]): number {
  let finalCommit = 0;
  for (const event of trace) {
    const known = event.kind === "observation" ? recogniseReplicaObservation(event.observation, event.node) : null;
    if (known?.kind === "committed") finalCommit = Math.max(finalCommit, known.index);
  }
  return finalCommit;
}

/** Liveness: the one step gathering every entry appended past the final commit, by node. */
export class StalledEntries {
  private stalled: { draft: Draft; byNode: Map<NodeId, { low: number; high: number }> } | null = null;

  constructor(
    private readonly steps: DraftList,
    private readonly clusterSize: number,
  ) {}

  /** An entry past the last commit joins the one step that lists what never committed. */
  add(node: NodeId, index: number, event: TraceEvent): void {
    if (this.stalled === null) {
      const byNode = new Map<NodeId, { low: number; high: number }>();
      const draft = this.steps.add(event, {
        kind: "appended",
        nodes: [node],
        priority: StoryPriority.Stall,
        mergeKey: "stalled",
        say: (d) => {
          const groups = new Map<string, NodeId[]>();
          for (const [n, range] of [...byNode].sort((a, b) => a[0] - b[0])) {
            const key = entriesText(range.low, range.high);
            groups.set(key, [...(groups.get(key) ?? []), n]);
          }
          const parts = [...groups].map(([entries, nodes]) => `${nodeList(nodes)} ${nodes.length > 1 ? "append" : "appends"} ${entries}`);
          const reach = d.nodes.length * 2 > this.clusterSize ? "" : `, held by ${d.nodes.length} of ${this.clusterSize} nodes, never a majority`;
          return `${parts.join("; ")}: never committed${reach}`;
        },
      });
      this.stalled = { draft, byNode };
    }
    const { draft, byNode } = this.stalled;
    const range = byNode.get(node);
    byNode.set(node, range === undefined ? { low: index, high: index } : { low: Math.min(range.low, index), high: Math.max(range.high, index) });
    if (range !== undefined || byNode.size > 1) draft.events++;
    if (!draft.sources.includes(event)) draft.sources.push(event);
    draft.nodes = [...new Set([...draft.nodes, node])].sort((a, b) => a - b);
    draft.timeEnd = Math.max(draft.timeEnd, event.time);
  }
}
