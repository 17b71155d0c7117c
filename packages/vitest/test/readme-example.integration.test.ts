import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { protocolPlugin } from "@cx/raft";
import { afterAll, describe, expect, it } from "vitest";
import { resolveScheduleOptions, runScheduleProperty } from "../src/index.js";

const examples = join(import.meta.dirname, "..", "examples");
const exampleFile = join(examples, "raft-schedules.test.ts");

/** Runs a shell command line in the examples folder as a person would (no CI report, no colours), to its end. */
function sh(command: string): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" };
  delete env["CX_TEST_REPORT_DIR"];
  delete env["CX_REPLAY"];
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", command], { cwd: examples, env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, output }));
  });
}

afterAll(() => rmSync(join(examples, "__cx__"), { recursive: true, force: true }));

describe("the README example", () => {
  it("is the example file, verbatim", () => {
    const readme = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");
    expect(readme).toContain(readFileSync(exampleFile, "utf8"));
  });

  it("fails on vote_twice_in_term, and the replay command it prints, run as printed, replays that failure from the saved file", async () => {
    // The example's failing test, found and saved in this process (correct Raft passing is checked in schedule-property.test.ts)...
    const options = resolveScheduleOptions(protocolPlugin, { defects: ["vote_twice_in_term"], budget: 100 });
    const verdict = runScheduleProperty(protocolPlugin, { options, test: { file: exampleFile, name: "Raft under hostile schedules keeps one leader per term with vote_twice_in_term" }, env: { cwd: examples } });
    if (verdict.passed) throw new Error(verdict.note);
    expect(verdict.failure.commands.vitest).toBe(
      'CX_REPLAY=__cx__/raft-under-hostile-schedules-keeps-one-leader-per-term-with-vote-twice-in-term.repro.json npx vitest run raft-schedules.test.ts -t "Raft under hostile schedules keeps one leader per term with vote_twice_in_term"',
    );
    // ...then the printed command, exactly, in a shell: vitest runs the README's file, selects that test and replays the saved schedule.
    const again = await sh(verdict.failure.commands.vitest);
    expect(again.code, again.output).toBe(1);
    // The failure's first line is the one the README shows.
    const readme = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");
    const shown = readme.split("\n").find((line) => line.startsWith("ScheduleFailure: "));
    expect(shown).toBeDefined();
    expect(again.output).toContain(shown);
    expect(again.output).toContain("it still fails");
    expect(again.output).toMatch(/^ *\d+\. t=\d+ .*ElectionSafety violated: /m);
    expect(again.output).toContain("Tests  1 failed | 1 skipped (2)");
  }, 300_000);
});
