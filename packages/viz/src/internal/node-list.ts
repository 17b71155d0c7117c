import { nodeName } from "@cx/check";

/** `s1`, `s1 and s2`, `s0, s1 and s2`. */
export function nodeList(nodes: readonly number[]): string {
  const names = nodes.map(nodeName);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1] ?? ""}`;
}
