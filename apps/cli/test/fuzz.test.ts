import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { documentedExitCodes, hostileCasesByKind, runHostileCase } from "./hostile-inputs.js";
import { cxInProcess } from "./run-cli.js";
import { tempDir } from "./temp-dir.js";

const dir = tempDir("cx-fuzz-");
let index = 0;

/**
 * A case must end in a documented exit code, fast, without a stack trace, leaving its input as it was.
 * A few dozen cases per kind here; `pnpm --filter @cx/cli fuzz` runs 10,000.
 */
async function holds(kind: keyof typeof hostileCasesByKind, runs: number, expectedStatus?: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(hostileCasesByKind[kind], async (testCase) => {
      const outcome = await runHostileCase(testCase, join(dir, `case-${index++}`), cxInProcess);
      const where = `cx ${outcome.args.join(" ").slice(0, 300)}\n${outcome.stderr.slice(0, 600)}`;
      expect(documentedExitCodes, where).toContain(outcome.status);
      if (expectedStatus !== undefined) expect(outcome.status, where).toBe(expectedStatus);
      expect(outcome.stackTrace, where).toBe(false);
      expect(outcome.inputChanged, where).toBe(false);
      expect(outcome.rawControl, where).toBe(false);
      if (outcome.status === 2) expect(outcome.stderrLines, where).toBe(1);
      expect(outcome.ms, where).toBeLessThan(15_000);
    }),
    { numRuns: runs, seed: 13 },
  );
}

describe("hostile input (fuzz, in-process)", () => {
  it("malformed and hostile history files end in exit 0, 1, 2 or 3, with no stack trace", async () => {
    await holds("history", 15);
  });

  it("malformed and hostile reproduction files, replayed and shrunk, end in a documented exit code and are never corrupted", async () => {
    await holds("repro", 25);
  });

  it("malformed and hostile choice files end in a documented exit code", async () => {
    await holds("choices", 40);
  });

  it("malformed results files end in a documented exit code for cx report", async () => {
    await holds("results", 10);
  });

  it("hostile flag values end in a documented exit code", async () => {
    await holds("flags", 100);
  });

  it("an output aimed at an input or at the other output, by any name, is exit 2 and the input stays as it was", async () => {
    await holds("outputs", 15, 2);
  });

  it("huge and hostile values come back as one bounded line with nothing raw on the terminal", async () => {
    await holds("echoes", 15);
  });

  it("a misplaced byte-order mark, overlapping calls of a client, inexact choices and contradictory flags are exit 2", async () => {
    await holds("strictness", 20, 2);
  });
});
