import { escapeXml } from "./escape-xml.js";

/**
 * Escapes text for inline Markdown (CommonMark, GitHub): HTML-significant
 * characters become entities (so no tag, script or attribute can be
 * injected) and Markdown punctuation that could start emphasis, code, a
 * link, a table cell or a heading is backslash-escaped. Line breaks become
 * spaces: the result is one inline run of text.
 *
 * When to use: any run-supplied string placed in a Markdown report.
 *
 * @example
 * ```ts
 * escapeMarkdown("*x* <b>"); // "\\*x\\* &lt;b&gt;"
 * ```
 */
export function escapeMarkdown(text: string): string {
  const oneLine = text.replace(/\r\n|\r|\n/g, " ");
  // Backslashes first, entities second: escaping after would break `&#39;` into `&\#39;`.
  return escapeXml(oneLine.replace(/[\\`*_[\]|~#!()]/g, (c) => `\\${c}`));
}
