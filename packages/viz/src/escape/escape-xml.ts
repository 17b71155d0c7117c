// Characters XML 1.0 forbids outright: a stray one would make the whole SVG unparseable.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Escapes text for XML, HTML and SVG, in element content and in attribute
 * values alike: `&`, `<`, `>`, `"` and `'` become entities, and characters
 * XML cannot carry at all (control characters, lone surrogates) become U+FFFD.
 *
 * When to use: whenever a string that came from a run (a message
 * description, an operation, a history value, a violation message) goes
 * into markup. Every text the diagram writes passes through it.
 *
 * Gotchas: escape exactly once; escaping an already escaped string shows
 * the entities literally (`&amp;lt;`).
 *
 * @example
 * ```ts
 * escapeXml(`<script>alert("x")</script>`); // "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"
 * ```
 */
export function escapeXml(text: string): string {
  return text.replace(FORBIDDEN, "\ufffd").replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
