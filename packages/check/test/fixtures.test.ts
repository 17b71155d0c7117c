import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkLinearizability, kvModel, parseHistory, registerModel } from "../src/index.js";

const dir = join(import.meta.dirname, "fixtures");

describe("hand-made fixture histories", () => {
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".jsonl"))) {
    const expected = file.includes("-ok-") ? "ok" : "illegal";
    it(`${file} is ${expected === "ok" ? "linearizable" : "not linearizable"}`, () => {
      const parsed = parseHistory(readFileSync(join(dir, file), "utf8"));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      const result = parsed.model === "register" ? checkLinearizability(registerModel, parsed.operations) : checkLinearizability(kvModel, parsed.operations);
      expect(result.verdict).toBe(expected);
      // Porcupine's algorithm alone must agree.
      const plain = parsed.model === "register" ? checkLinearizability(registerModel, parsed.operations, { pruning: false }) : checkLinearizability(kvModel, parsed.operations, { pruning: false });
      expect(plain.verdict).toBe(expected);
    });
  }
});
