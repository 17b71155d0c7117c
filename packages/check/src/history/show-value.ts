/** How a history parser's errors quote what they found: short, and never deeper than a few levels. */
export function show(value: unknown): string {
  if (value === undefined) return "nothing (field missing)";
  return quote(preview(value, 3));
}

/** A short JSON-like preview that never recurses deeper than `depth` (a value nested 10,000 deep must not overflow the stack). */
function preview(value: unknown, depth: number): string {
  if (Array.isArray(value)) {
    if (depth === 0) return value.length === 0 ? "[]" : "[...]";
    return `[${value.slice(0, 5).map((v: unknown) => preview(v, depth - 1)).join(",")}${value.length > 5 ? ",..." : ""}]`;
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value);
    if (depth === 0) return entries.length === 0 ? "{}" : "{...}";
    return `{${entries.slice(0, 5).map(([k, v]) => `${JSON.stringify(k)}:${preview(v, depth - 1)}`).join(",")}${entries.length > 5 ? ",..." : ""}}`;
  }
  return JSON.stringify(value) ?? String(value);
}

/** At most 60 characters of `text`. */
export function quote(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
