import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..");

describe("the README's lock example", () => {
  it("runs as written: the write under a lost lock's token is what cannot be placed", () => {
    const out = execFileSync(process.execPath, ["--conditions=@cx/source", "--import", "tsx", "packages/check/examples/lock-fencing.ts"], { cwd: root, encoding: "utf8" });
    expect(out.startsWith("illegal\nnot linearizable.\n")).toBe(true);
    expect(out).toContain('#3 client 1 [6, 7] write(1, "late") -> ok: illegal in this state');
  });

  it("is the block the README shows, verbatim", () => {
    const readme = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");
    const shown = /\(\[examples\/lock-fencing\.ts\][^\n]*\n[^\n]*\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(shown).toBe(readFileSync(join(import.meta.dirname, "..", "examples", "lock-fencing.ts"), "utf8"));
  });
});
