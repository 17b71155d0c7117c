import { staticClusterView, type ClusterView } from "@cx/sim";
import type { LogEntry, RaftNode, RaftRole } from "../src/index.js";

/** A node as a test describes it: its role, term, the terms of its log's entries and its commit index. */
export interface FakeNode {
  readonly role: RaftRole;
  readonly currentTerm: number;
  readonly terms: readonly number[];
  readonly commitIndex: number;
  readonly down?: boolean;
}

/** Log entries of the given terms, one per term. */
export const entries = (terms: readonly number[]): LogEntry[] => terms.map((term, i) => ({ term, id: `e${i}`, client: 0, seq: i, input: { op: "read" } }));

/** A hand-built cluster: the probes read only roles, terms, logs and commit indices (and persisted state of down nodes). */
export function view(nodes: readonly FakeNode[]): ClusterView<RaftNode> {
  return staticClusterView({
    nodes: nodes.map((n) => (n.down === true ? undefined : ({ role: n.role, currentTerm: n.currentTerm, log: entries(n.terms), commitIndex: n.commitIndex } as unknown as RaftNode))),
    persisted: (id) => ({ term: nodes[id]?.currentTerm ?? 0, votedFor: null, log: entries(nodes[id]?.terms ?? []) }),
  });
}
