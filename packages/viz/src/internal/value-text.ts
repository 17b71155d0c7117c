/** A value in a sentence: strings as they are, everything else as compact JSON, cut at `max` characters. */
export function valueText(value: unknown, max = 60): string {
  let text: string;
  if (typeof value === "string") text = value;
  else if (value === undefined) text = "undefined";
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
