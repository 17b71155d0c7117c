/**
 * Makes run-supplied text safe to print on a terminal: control characters
 * (escape sequences could recolour or rewrite the screen) are shown as
 * `\xNN` instead of being sent raw. Newlines are kept only when asked.
 */
export function plainText(text: string, keepNewlines = false): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => {
    if (keepNewlines && c === "\n") return c;
    return `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`;
  });
}
