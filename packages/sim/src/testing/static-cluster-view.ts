import type { ClusterView } from "../world/cluster-view.js";

/** What a hand-built cluster is made of: each node as it runs (`undefined`: down) and what each persisted. */
export interface StaticClusterParts<Node> {
  /** The running nodes by id; `undefined` marks a node that is down. */
  readonly nodes: readonly (Node | undefined)[];
  /** What node `id` last persisted (read for nodes that are down). */
  readonly persisted?: (id: number) => unknown;
  /** The moment the view stands for; defaults to t=500, step 10, in the fault phase. */
  readonly time?: number;
  readonly step?: number;
  readonly phase?: "fault" | "calm";
}

/**
 * A {@link ClusterView} over nodes a test built by hand, with no partition:
 * the way to pin what a coverage probe or an abstract-state function says
 * about a cluster state that a run would take long to reach.
 *
 * When to use: in a protocol package's tests of its `coverage` or
 * `abstractState` hook.
 *
 * Gotchas: nodes are usually partial objects cast to the node type; the
 * function under test must read only the fields the test filled in.
 *
 * @example
 * ```ts
 * const view = staticClusterView({ nodes: [leader, follower, undefined], persisted: () => ({ term: 1 }) });
 * expect(raftAbstractState(view)).toEqual([...]);
 * ```
 */
export function staticClusterView<Node>(parts: StaticClusterParts<Node>): ClusterView<Node> {
  const { nodes } = parts;
  return {
    size: nodes.length,
    time: parts.time ?? 500,
    step: parts.step ?? 10,
    phase: parts.phase ?? "fault",
    blockedLinks: 0,
    node: (id) => nodes[id],
    isUp: (id) => nodes[id] !== undefined,
    persisted: (id) => parts.persisted?.(id),
    isBlocked: () => false,
  };
}
