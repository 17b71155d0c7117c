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
 * output (never on --json output, which stays exact: `formatJson` writes
 * these characters as JSON escapes, which parse back to the same value).
 *
 * @example
 * ```ts
 * terminalSafe("boom\u001b]0;pwned\u0007"); // "boom\\u{1b}]0;pwned\\u{7}"
 * ```
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
}

/** How many characters of a user's input an error message or a report echoes back: enough to recognise it, never a flood. */
export const ECHO_MAX = 200;

/**
 * Cuts a string to `max` characters, saying how many were cut, so that a
 * 1 MB flag value or file name comes back as one short line.
 *
 * @example
 * ```ts
 * clip("x".repeat(1000), 10); // "xxxxxxxxxx... (990 more characters cut)"
 * ```
 */
export function clip(text: string, max: number = ECHO_MAX): string {
  if (text.length <= max) return text;
  // Never end on half a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}... (${text.length - end} more characters cut)`;
}

/**
 * A string from the user or a file (a path, a name, a message), as cx
 * echoes it in text output: cut to a bounded length and made terminal-safe.
 *
 * @example
 * ```ts
 * displayPath("out/\u001b[2Jrepro.json"); // "out/\\u{1b}[2Jrepro.json"
 * ```
 */
export function displayPath(text: string, max: number = ECHO_MAX): string {
  return terminalSafe(clip(text, max));
}

/** How much of a violation message from a file text output shows (--json keeps it whole). */
export const MESSAGE_MAX = 2000;
