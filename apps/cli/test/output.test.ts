import { describe, expect, it } from "vitest";
import { formatJson } from "../src/output.js";

describe("JSON output", () => {
  it("keeps choice sequences on one line and stays valid JSON", () => {
    const value = { found: true, choices: [0, 3, 0, 7], story: ["a", "b"], nested: { empty: [] as number[] } };
    const text = formatJson(value);
    expect(text).toContain('"choices": [0,3,0,7]');
    expect(JSON.parse(text)).toEqual(value);
  });
});
