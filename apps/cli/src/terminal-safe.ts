/**
 * Control characters a terminal may act on: C0 except tab and newline,
 * DEL, C1 (U+0080-U+009F; U+009B is a CSI on some terminals), and the
 * bidirectional overrides and isolates that reorder what a person reads.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Makes a string that came from a file safe to print on a terminal: every
 * control character becomes a visible `\u{1b}`-style escape, so an ESC
 * sequence in a violation message cannot retitle the terminal or clear the
 * screen, and the reader still sees that something was there.
 *
 * When to use: on every string read from a file before it goes into text
 * output (never on --json output, which stays exact: JSON escapes control
 * characters itself).
 *
 * @example
 * ```ts
 * terminalSafe("boom\u001b]0;pwned\u0007"); // "boom\\u{1b}]0;pwned\\u{7}"
 * ```
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
}
