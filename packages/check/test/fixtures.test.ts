import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkHistories, historyVerdict } from "../src/index.js";
import type { BuiltInModelName } from "../src/index.js";

const dir = join(import.meta.dirname, "fixtures");

describe("hand-made fixture histories", () => {
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".jsonl"))) {
    const expected = file.includes("-ok-") ? "ok" : "illegal";
    // Each file's name starts with its model's; register and kv histories are read without naming it.
    const model = file.slice(0, file.indexOf("-")) as BuiltInModelName;
    const named = model === "register" || model === "kv" ? {} : { model };
    it(`${file} is ${expected === "ok" ? "linearizable" : "not linearizable"}`, () => {
      const source = readFileSync(join(dir, file), "utf8");
      const [checked] = [...checkHistories([{ name: file, source }], named)];
      if (checked === undefined || !checked.ok) throw new Error(JSON.stringify(checked));
      expect(checked.model).toBe(model);
      expect(historyVerdict(checked)).toBe(expected);
      // Porcupine's algorithm alone must agree.
      const [plain] = [...checkHistories([{ name: file, source }], { ...named, pruning: false })];
      expect(plain === undefined ? "missing" : historyVerdict(plain)).toBe(expected);
    });
  }
});
