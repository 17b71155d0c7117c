import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const src = join(import.meta.dirname, "..", "src");
const sources = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts")).map((f) => ({ file: f, text: readFileSync(join(src, f), "utf8") }));

// A regular expression applied to a message (`message.matchAll(...)`, `PATTERN.exec(violation.message)`).
const READS_MESSAGE = [/\bmessage\b[\s?]*\.\s*(match|matchAll|search|replace|replaceAll)\s*\(/, /\.(test|exec)\s*\(\s*[\w.?]*\bmessage\b/];

describe("@cx/viz reads what a violation is about from its subjects", () => {
  it("no source file applies a regular expression to a violation message", () => {
    expect(sources.length).toBeGreaterThan(10);
    const offenders = sources.filter(({ text }) => READS_MESSAGE.some((pattern) => pattern.test(text))).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it("the guard above catches how messages used to be parsed", () => {
    expect(READS_MESSAGE.some((p) => p.test("for (const match of message.matchAll(OPERATION_ID)) operations.add(x);"))).toBe(true);
    expect(READS_MESSAGE.some((p) => p.test("const liveness = /liveness/i.test(violation?.message ?? '');"))).toBe(true);
  });
});
