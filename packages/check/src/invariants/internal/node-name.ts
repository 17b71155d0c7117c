/** `s0`, `s1`, ...: how replicas are named in every message. */
export function nodeName(node: number): string {
  return `s${node}`;
}
