/**
 * How every cx tool names a replica: `s0`, `s1`, ... (the replica's index in
 * the cluster). Violation messages, stories and diagrams all use it.
 *
 * When to use: whenever a replica is named for people; never parse it back,
 * a violation carries its nodes as numbers in `subjects.nodes`.
 *
 * @example
 * ```ts
 * nodeName(2); // "s2"
 * ```
 */
export function nodeName(node: number): string {
  return `s${node}`;
}
