import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..");

describe("the README's example", () => {
  it("runs as written: prints the story of the violation and writes its diagram", () => {
    const dir = mkdtempSync(join(tmpdir(), "cx-viz-example-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const svg = join(dir, "failure.svg");
    const out = execFileSync(process.execPath, ["--conditions=@cx/source", "--import", "tsx", "packages/viz/examples/unreplicated-log.ts", svg], { cwd: root, encoding: "utf8" });
    expect(out).toMatch(/^State Machine Safety violated at t=\d+ \(step \d+\): s\d applied .* at entry 1, but s\d applied .* there$/m);
    expect(out).toMatch(/^\s*\d+\. t=\d+\s+State Machine Safety violated: /m);
    expect(out).toContain("reproduce with: ");
    const diagram = readFileSync(svg, "utf8");
    expect(diagram.startsWith("<svg ")).toBe(true);
    expect(diagram).toContain("State Machine Safety violated at t=");
  });

  it("is the example the README shows", () => {
    const readme = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");
    const example = readFileSync(join(import.meta.dirname, "..", "examples", "unreplicated-log.ts"), "utf8");
    const shown = /## Example\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    expect(shown.length).toBeGreaterThan(200);
    // Every line the README shows is in the file that runs (the file may add comments).
    for (const line of shown.split("\n").filter((l) => l.trim() !== "")) expect(example).toContain(line);
  });
});
