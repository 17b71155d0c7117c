import { describe, expect, it } from "vitest";
import { formatJson, formatJsonLine } from "../src/output.js";

describe("JSON output", () => {
  it("keeps choice sequences on one line and stays valid JSON", () => {
    const value = { found: true, choices: [0, 3, 0, 7], story: ["a", "b"], nested: { empty: [] as number[] } };
    const text = formatJson(value);
    expect(text).toContain('"choices": [0,3,0,7]');
    expect(JSON.parse(text)).toEqual(value);
  });

  it("writes DEL and C1 controls such as U+009B as escapes, and parses back to the same value", () => {
    const value = { message: "\u009b2J then \u007f", choices: [1, 2] };
    for (const text of [formatJson(value), formatJsonLine(value)]) {
      expect(text).toContain(String.raw`"\u009b2J then \u007f"`);
      expect(text).not.toMatch(/[\u007f-\u009f]/);
      expect(JSON.parse(text)).toEqual(value);
    }
  });

  it("escapes line separators and bidi controls, and keeps lone surrogates escaped", () => {
    const value = { [`key\u2028\u202e`]: "a\u2029b\u2066c\ud800d\udc00" };
    const text = formatJson(value);
    expect(text).toBe(`{\n  "key\\u2028\\u202e": "a\\u2029b\\u2066c\\ud800d\\udc00"\n}`);
    expect(JSON.parse(text)).toEqual(value);
  });

  it("never takes a string or a key that looks like a marker or an array for a choice sequence", () => {
    const value = { choices: [1, 2], message: "\u00000\u0000", ["\u00000\u0000"]: "[\n 1\n]", nested: [[3, -4.5, 1e21], []] };
    const text = formatJson(value);
    expect(text).toContain('"nested": [\n    [3,-4.5,1e+21],\n    []\n  ]');
    expect(JSON.parse(text)).toEqual(value);
  });
});
