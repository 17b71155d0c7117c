/** `s0`, `s1`, ...: how every @cx tool names a node. */
export const nodeName = (node: number): string => `s${node}`;

/** `s1`, `s1 and s2`, `s0, s1 and s2`. */
export function nodeList(nodes: readonly number[]): string {
  const names = nodes.map(nodeName);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1] ?? ""}`;
}

/** A value in a sentence: strings as they are, everything else as compact JSON, cut at `max` characters. */
export function valueText(value: unknown, max = 60): string {
  let text: string;
  if (typeof value === "string") text = value;
  else if (value === undefined) text = "undefined";
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
