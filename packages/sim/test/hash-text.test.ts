import { describe, expect, it } from "vitest";
import { hashText, hashTrace } from "../src/index.js";

describe("hashText", () => {
  it("gives the published 32-bit FNV-1a test vectors", () => {
    expect(hashText("")).toBe("811c9dc5");
    expect(hashText("a")).toBe("e40c292c");
    expect(hashText("foobar")).toBe("bf9cf968");
  });

  it("names a trace by the hash of its JSON text", () => {
    const trace = [{ kind: "heal", time: 3, step: 1 }] as const;
    expect(hashTrace(trace)).toBe(hashText(JSON.stringify(trace)));
    expect(hashTrace([])).not.toBe(hashTrace(trace));
  });
});
