/** What {@link decodeUtf8} returns: the text (without a byte-order mark), or where the first invalid byte is. */
export type DecodedText =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly line: number; readonly byteOffset: number; readonly message: string };

const BOM = "\uFEFF";

/**
 * Decodes a file's bytes as UTF-8, the one rule for every file cx reads: a
 * leading byte-order mark is dropped, and invalid UTF-8 is an error naming
 * the 1-based line and the 0-based byte offset of the first bad byte
 * (never silently replaced by U+FFFD).
 *
 * When to use: reading a history, reproduction, choices or results file
 * from disk; pass the result's `text` to the parser.
 *
 * Gotchas: never throws. A string that starts with a BOM (already decoded
 * elsewhere) is handled by {@link stripBom}.
 *
 * @example
 * ```ts
 * const decoded = decodeUtf8(readFileSync("history.jsonl"));
 * if (!decoded.ok) console.error(decoded.message); // "invalid UTF-8 at line 3 (byte offset 118)"
 * ```
 */
export function decodeUtf8(bytes: Uint8Array): DecodedText {
  try {
    return { ok: true, text: stripBom(new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes)) };
  } catch {
    const byteOffset = firstInvalidByte(bytes);
    let line = 1;
    for (let i = 0; i < byteOffset; i++) if (bytes[i] === 0x0a) line++;
    return { ok: false, line, byteOffset, message: `invalid UTF-8 at line ${line} (byte offset ${byteOffset}); save the file as UTF-8` };
  }
}

/**
 * Drops a leading byte-order mark (U+FEFF), which editors on some systems
 * write at the start of a UTF-8 file.
 *
 * @example
 * ```ts
 * stripBom("\uFEFF{}"); // "{}"
 * ```
 */
export function stripBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(1) : text;
}

/** The offset of the first byte that does not start or continue a well-formed UTF-8 sequence (RFC 3629). */
function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) low = 0xa0; // no overlong forms
      if (b === 0xed) high = 0x9f; // no surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f; // nothing above U+10FFFF
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined) return i;
      if (k === 1 ? c < low || c > high : c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return bytes.length;
}
