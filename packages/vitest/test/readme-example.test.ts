import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

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

  it("passes on correct Raft, fails on vote_twice_in_term with the story, and the printed command replays the failure", async () => {
    const first = await sh("npx vitest run raft-schedules.test.ts");
    expect(first.code, first.output).toBe(1);
    expect(first.output).toMatch(/✓ .*keeps every property/);
    expect(first.output).toContain("ScheduleFailure: ElectionSafety: ");
    expect(first.output).toMatch(/^ *\d+\. t=\d+.*ElectionSafety violated: /m);
    expect(first.output).toContain("Tests  1 failed | 1 passed (2)");
    const command = /^ {2}(CX_REPLAY=\S+ npx vitest run raft-schedules\.test\.ts -t .+)$/m.exec(first.output)?.[1];
    expect(command, first.output).toBeDefined();
    expect(first.output).toMatch(/^ {2}cx replay __cx__\/\S+\.repro\.json --protocol raft$/m);

    const again = await sh(command ?? "false");
    expect(again.code, again.output).toBe(1);
    expect(again.output).toContain("it still fails");
    expect(again.output).toContain("Tests  1 failed | 1 skipped (2)");
  }, 180_000);
});
