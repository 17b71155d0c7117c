import { escapeXml } from "../../escape/escape-xml.js";

/** Stable number text: at most one decimal, never `-0`, never exponent noise. */
export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

export type Attributes = Readonly<Record<string, string | number>>;

/** One element; attribute values and nothing else are escaped here (children are already markup). */
export function el(name: string, attributes: Attributes, children?: string): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${typeof value === "number" ? num(value) : escapeXml(value)}"`)
    .join("");
  return children === undefined ? `<${name}${attrs}/>` : `<${name}${attrs}>${children}</${name}>`;
}

/** A text element whose content is escaped. */
export function text(attributes: Attributes, content: string): string {
  return el("text", attributes, escapeXml(content));
}

/** A tooltip: `<title>` is how SVG says what a shape means. */
export function tip(content: string): string {
  return el("title", {}, escapeXml(content));
}

/** Cuts a label to `max` characters so it fits its shape. */
export function cut(label: string, max: number): string {
  return label.length > max ? `${label.slice(0, Math.max(1, max - 1))}…` : label;
}
