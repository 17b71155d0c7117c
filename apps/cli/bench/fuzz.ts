// The large fuzz run: at least 10,000 generated hostile inputs across every
// file kind and flag, each run in-process through the same runCli as the
// binary. Prints the figures that must all be 0 (stack traces, hangs over
// 30 s, exit 70 or an exit code outside the documented table, input files
// changed, usage errors of more than one line, control characters reaching
// the terminal raw), the exit-code distribution and the process's peak
// memory; exits 1 when one is not 0. Besides malformed files and flags it
// aims outputs at inputs, echoes huge values, breaks the one-strictness
// rules and asks for more workers than cores.
//   pnpm --filter @cx/cli fuzz            (10,000 cases, seed 1)
//   pnpm --filter @cx/cli fuzz 20000 7    (cases, seed)
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import fc from "fast-check";
import { documentedExitCodes, hostileCase, runHostileCase, type HostileCase } from "../test/hostile-inputs.js";
import { cxInProcess } from "../test/run-cli.js";

const total = Number(process.argv[2] ?? 10_000);
const seed = Number(process.argv[3] ?? 1);
const HANG_MS = 30_000;
const dir = mkdtempSync(join(tmpdir(), "cx-fuzz-bench-"));
// Generated in chunks: ten thousand cases at once (results files are 300 KB each) would not fit in memory.
const CHUNK = 100;
function* generated(): Generator<HostileCase> {
  for (let done = 0; done < total; done += CHUNK) yield* fc.sample(hostileCase, { numRuns: Math.min(CHUNK, total - done), seed: seed * 1_000_003 + done });
}
const byKind = new Map<string, number>();
const byExit = new Map<number, number>();
const problems = { stackTraces: 0, hangsOver30s: 0, crashes: 0, undocumentedExit: 0, inputsChanged: 0, usageErrorsOverOneLine: 0, rawControlOnTerminal: 0 };
const examples: string[] = [];
let slowest = 0;
const cwdBefore = new Set(readdirSync(process.cwd()));
const started = performance.now();
let lastLine = started;

let index = -1;
for (const testCase of generated()) {
  index++;
  let outcome;
  try {
    outcome = await runHostileCase(testCase, join(dir, `case-${index}`), cxInProcess);
  } catch (error) {
    problems.crashes++;
    examples.push(`case ${index} threw out of runCli: ${String(error)}`);
    continue;
  } finally {
    rmSync(join(dir, `case-${index}`), { recursive: true, force: true });
  }
  byKind.set(testCase.kind, (byKind.get(testCase.kind) ?? 0) + 1);
  byExit.set(outcome.status, (byExit.get(outcome.status) ?? 0) + 1);
  slowest = Math.max(slowest, outcome.ms);
  const where = `cx ${outcome.args.join(" ").slice(0, 200)} -> ${outcome.status}: ${outcome.stderr.slice(0, 300)}`;
  if (outcome.stackTrace) problems.stackTraces++;
  if (outcome.ms > HANG_MS) problems.hangsOver30s++;
  if (outcome.status === 70) problems.crashes++;
  if (!documentedExitCodes.includes(outcome.status)) problems.undocumentedExit++;
  if (outcome.inputChanged) problems.inputsChanged++;
  const longUsageError = outcome.status === 2 && outcome.stderrLines !== 1;
  if (longUsageError) problems.usageErrorsOverOneLine++;
  if (outcome.rawControl) problems.rawControlOnTerminal++;
  if ((outcome.stackTrace || outcome.ms > HANG_MS || !documentedExitCodes.includes(outcome.status) || outcome.inputChanged || longUsageError || outcome.rawControl) && examples.length < 10) examples.push(where);
  if (performance.now() - lastLine > 10_000) {
    lastLine = performance.now();
    process.stderr.write(`fuzz: ${index + 1}/${total}, ${Math.round((performance.now() - started) / 1000)} s\n`);
  }
}
rmSync(dir, { recursive: true, force: true });
const writtenOutside = readdirSync(process.cwd()).filter((f) => !cwdBefore.has(f));

const figures = {
  cases: total,
  seed,
  elapsedS: Math.round((performance.now() - started) / 1000),
  slowestCaseMs: Math.round(slowest),
  // Every case runs in this one process: its peak is an upper bound on any single case's.
  peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  byKind: Object.fromEntries(byKind),
  byExitCode: Object.fromEntries([...byExit].sort((a, b) => a[0] - b[0])),
  ...problems,
  filesWrittenInTheWorkingFolder: writtenOutside.length,
  examples,
};
process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
process.exitCode = Object.values(problems).every((n) => n === 0) && writtenOutside.length === 0 ? 0 : 1;
