/**
 * Escapes text for inline Markdown (CommonMark, GitHub): `<`, `>` and `&`
 * become entities (so no tag, script or attribute can be injected) and the
 * Markdown punctuation that could start emphasis, code, a link, a
 * strikethrough or a table cell is backslash-escaped. Characters that are
 * harmless where they stand stay readable: an underscore inside a word
 * (`snake_case` opens no emphasis), parentheses, quotes, a `#` that does not
 * start the text. Line breaks become spaces: the result is one inline run.
 *
 * When to use: any run-supplied string placed in a Markdown report.
 *
 * @example
 * ```ts
 * escapeMarkdown("*x* <b> no_client_dedup"); // "\\*x\\* &lt;b&gt; no_client_dedup"
 * ```
 */
export function escapeMarkdown(text: string): string {
  const oneLine = text.replace(/\r\n|\r|\n/g, " ");
  // Entities first, on the raw text; the backslashes added after cannot form one.
  const entities = oneLine.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
  return entities
    .replace(/[\\`*[\]|~]/g, (c) => `\\${c}`)
    .replace(/(^|[^A-Za-z0-9])_|_(?=$|[^A-Za-z0-9])/g, (m) => m.replace("_", "\\_"))
    .replace(/^#/, "\\#");
}
