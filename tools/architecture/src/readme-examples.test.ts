import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..");
const FENCE = /```ts\n([\s\S]*?)```/g;
/** A README names the file its next code block is, within the few lines before the block. */
const NAMED = /examples\/([\w.-]+\.ts)/g;

/** The README's TypeScript blocks that name an example file just above them, with that file. */
function namedBlocks(readme: string): { file: string; block: string }[] {
  const found: { file: string; block: string }[] = [];
  for (const match of readme.matchAll(FENCE)) {
    const before = readme.slice(0, match.index).split("\n").slice(-6).join("\n");
    const names = [...before.matchAll(NAMED)].map((m) => m[1] as string);
    const file = names[names.length - 1];
    if (file !== undefined) found.push({ file, block: match[1] as string });
  }
  return found;
}

const dirs = ["packages", "apps"].flatMap((top) => readdirSync(join(root, top)).map((name) => join(root, top, name)));
const withExamples = dirs.filter((dir) => existsSync(join(dir, "examples")) && existsSync(join(dir, "README.md")));

describe("README examples are files the test suite runs", () => {
  it("finds the packages that ship examples (the check can see them)", () => {
    expect(withExamples.length).toBeGreaterThanOrEqual(4);
  });

  for (const dir of withExamples) {
    const name = dir.slice(root.length + 1);
    it(`${name}: every code block that names an example file is that file, verbatim`, () => {
      const blocks = namedBlocks(readFileSync(join(dir, "README.md"), "utf8"));
      expect(blocks.length, `${name}/README.md shows none of its examples`).toBeGreaterThan(0);
      for (const { file, block } of blocks) {
        const path = join(dir, "examples", file);
        expect(existsSync(path), `${name}/README.md names examples/${file}, which does not exist`).toBe(true);
        expect(block, `${name}/README.md's block differs from examples/${file}`).toBe(readFileSync(path, "utf8"));
      }
    });
  }

  it("tells a block that drifted from its file", () => {
    const readme = "run by the tests: examples/a.ts\n\n```ts\nconst x = 1;\n```\n";
    expect(namedBlocks(readme)).toEqual([{ file: "a.ts", block: "const x = 1;\n" }]);
    expect(namedBlocks("```ts\nno file named\n```\n")).toEqual([]);
  });
});
