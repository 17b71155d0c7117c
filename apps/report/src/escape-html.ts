const ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Escapes text for HTML element content and quoted attribute values: `&`,
 * `<`, `>`, `"` and `'` become entities, so no string from a results file
 * can open a tag, close an attribute or start a script.
 *
 * @example
 * ```ts
 * escapeHtml(`<script>alert("x")</script>`); // "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}
