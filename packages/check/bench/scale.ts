/**
 * The scale benchmark: the history shapes on which @cx/check was once behind
 * Porcupine, generated at 1k, 10k and 100k operations, each checked in a
 * process of its own (time of the check, CPU time, peak memory), beside
 * Porcupine's figures for the same files recorded in
 * bench/data/porcupine-scale.json. With `--million`, also the
 * 1,000,000-operation histories with one corrupted read (is it the first
 * suspect?). Writes results/check-scale.json at the repository root.
 *
 *   pnpm --filter @cx/check bench:scale [--million] [--sizes 1000,10000] [--only kv-c10-k10] [--porcupine BINARY] [--cli CLI] [--memory]
 *
 * With `--porcupine`, the harness of bench/porcupine (built from a local
 * checkout of Porcupine) checks each file right after cx, and its figures
 * from this run replace the recorded ones.
 *   (`--sizes ""` with `--million` runs only the million-operation histories)
 *
 * With `--cli CLI` (the built command, e.g. apps/cli/dist/main.js), the
 * corrupted histories of 100 and 1,000,000 operations are also checked
 * with `cx lin FILE` as a user runs it, a fresh process each: does it name
 * the corrupted read among its first three suspects, in what time and
 * peak memory? With `--memory`, the memory the search holds is measured
 * (scale-child's `--live-memory`) on the million-operation histories and
 * on searches stopped by a memory limit.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { repoRoot } from "./corpus.js";
import { runCxLin } from "./cx-lin-run.js";
import type { CxLinRun } from "./cx-lin-run.js";
import { historyText } from "./history-lines.js";
import { generateScaleHistory } from "./scale-histories.js";
import type { ScaleShape } from "./scale-histories.js";

const args = process.argv.slice(2);
const sizesArg = args.indexOf("--sizes");
const sizes = sizesArg >= 0 ? (args[sizesArg + 1] ?? "").split(",").filter((size) => size !== "").map(Number) : [1_000, 10_000, 100_000];
const TIMEOUT_MS = 60_000;

/** The rows of the issue's table, as generator shapes (size filled in later). */
const shapes: { readonly row: string; readonly shape: Omit<ScaleShape, "operations"> }[] = [
  { row: "kv, 10 clients, 10 keys, 20% pending", shape: { model: "kv", seed: 1, clients: 10, keys: 10, pendingPercent: 20, values: 5 } },
  { row: "kv, 10 clients, 10 keys, no pending", shape: { model: "kv", seed: 1, clients: 10, keys: 10, pendingPercent: 0, values: 5 } },
  { row: "kv, 3 keys, ok", shape: { model: "kv", seed: 1, clients: 10, keys: 3, pendingPercent: 0, values: 5 } },
  { row: "kv, 3 keys, corrupted", shape: { model: "kv", seed: 1, clients: 10, keys: 3, pendingPercent: 0, values: 5, corrupt: true } },
  { row: "register, 10 clients, 5 values, ok", shape: { model: "register", seed: 1, clients: 10, pendingPercent: 0, values: 5 } },
  { row: "register, 10 clients, 5 values, corrupted", shape: { model: "register", seed: 1, clients: 10, pendingPercent: 0, values: 5, corrupt: true } },
];
const million: { readonly row: string; readonly shape: ScaleShape }[] = [
  { row: "register read/write, distinct values, 10% pending, corrupted", shape: { model: "register", seed: 1, clients: 10, operations: 1_000_000, pendingPercent: 10, values: 0, cas: false, corrupt: true } },
  { row: "kv, 10 keys, corrupted", shape: { model: "kv", seed: 1, clients: 10, keys: 10, operations: 1_000_000, pendingPercent: 0, values: 0, corrupt: true } },
];

const root = repoRoot(import.meta.dirname);
const dir = join(root, ".cx-tmp", "scale-histories");
mkdirSync(dir, { recursive: true });
const porcupine = JSON.parse(readFileSync(join(import.meta.dirname, "data", "porcupine-scale.json"), "utf8")) as { readonly histories: Record<string, { verdict: string; ms: number; cpuMs: number; sysMiB: number } | undefined> };

interface Row {
  readonly row: string;
  readonly name: string;
  readonly operations: number;
  readonly expected: string;
  readonly corrupted?: number;
  readonly cx: ChildReport;
  readonly porcupine?: { verdict: string; ms: number; cpuMs: number; sysMiB: number };
}

/** What scale-child.ts prints. */
interface ChildReport {
  readonly verdict: string;
  readonly ms: number;
  readonly cpuMs: number;
  readonly peakRssMiB: number;
  readonly checkPeakRssMiB: number;
  readonly checkHeapMiB: number;
  readonly searchLiveMaxMiB?: number;
  readonly steps: number;
  readonly limit?: string;
  readonly suspects?: number[];
  readonly confirmed?: boolean;
  readonly suspectsMs?: number;
}

/** Checks one file in a process of its own (scale-child.ts), with its extra flags. */
function runChild(file: string, flags: readonly string[] = []): ChildReport {
  const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", "--conditions=@cx/source", join(import.meta.dirname, "scale-child.ts"), file, String(TIMEOUT_MS), ...flags], { encoding: "utf8", maxBuffer: 1 << 24 });
  return JSON.parse(out.trim().split("\n").pop() as string) as ChildReport;
}

/** Writes a generated history where the children can read it; answers its path. */
function writeHistory(history: ReturnType<typeof generateScaleHistory>): string {
  const file = join(dir, `${history.name}.jsonl`);
  writeFileSync(file, historyText(history.operations));
  return file;
}

const porcupineArg = args.indexOf("--porcupine");
const porcupineBinary = porcupineArg >= 0 ? args[porcupineArg + 1] : undefined;
/** Porcupine on one file, in this run: its harness prints one JSON line. */
function runPorcupine(binary: string, file: string): { verdict: string; ms: number; cpuMs: number; sysMiB: number } {
  const out = execFileSync(binary, [file, String(TIMEOUT_MS)], { encoding: "utf8", maxBuffer: 1 << 20 });
  const line = JSON.parse(out.trim().split("\n").pop() as string) as { verdict: string; ms: number; cpuMs: number; maxRssMiB: number };
  return { verdict: line.verdict, ms: line.ms, cpuMs: line.cpuMs, sysMiB: line.maxRssMiB };
}
const onlyArg = args.indexOf("--only");
const only = onlyArg >= 0 ? (args[onlyArg + 1] ?? "") : "";
const jobs = [...shapes.flatMap(({ row, shape }) => sizes.map((operations) => ({ row, shape: { ...shape, operations } }))), ...(args.includes("--million") ? million : [])];
const rows: Row[] = [];
for (const { row, shape } of jobs) {
  const history = generateScaleHistory(shape);
  if (!history.name.includes(only)) continue;
  const file = writeHistory(history);
  const cx = runChild(file);

  const theirs = porcupineBinary === undefined ? porcupine.histories[history.name] : runPorcupine(porcupineBinary, file);
  rows.push({ row, name: history.name, operations: shape.operations, expected: history.expected, ...(history.corrupted === undefined ? {} : { corrupted: history.corrupted }), cx, ...(theirs === undefined ? {} : { porcupine: theirs }) });
  const suspects = cx.suspects === undefined ? "" : ` suspects ${cx.suspects.join(",")}${cx.confirmed === true ? " (first confirmed)" : ""} in ${cx.suspectsMs ?? "?"} ms more, corrupted #${history.corrupted}`;
  const them = theirs === undefined ? "porcupine: not recorded" : `porcupine${porcupineBinary === undefined ? " (recorded)" : ""} ${theirs.verdict} ${theirs.ms} ms (cpu ${theirs.cpuMs})`;
  console.log(`${history.name.padEnd(40)} expected ${history.expected.padEnd(7)} cx ${cx.verdict.padEnd(7)} ${String(cx.ms).padStart(9)} ms (cpu ${cx.cpuMs}) ${String(cx.peakRssMiB).padStart(5)} MiB (check +${cx.checkPeakRssMiB}) ${cx.steps} steps${cx.limit === undefined ? "" : ` [${cx.limit}]`}${suspects} | ${them}`);
}

// `cx lin` as a user runs it, on one corrupted read in 100 and in 1,000,000 operations.
const cliArg = args.indexOf("--cli");
const cli = cliArg >= 0 ? args[cliArg + 1] : undefined;
const cliRows: { readonly name: string; readonly operations: number; readonly corrupted: number; readonly run: CxLinRun; readonly named: boolean }[] = [];
if (cli !== undefined) {
  for (const { shape } of million) {
    for (const operations of [100, shape.operations]) {
      const history = generateScaleHistory({ ...shape, operations });
      if (!history.name.includes(only)) continue;
      const corrupted = history.corrupted as number;
      const run = runCxLin(cli, writeHistory(history));
      const named = run.suspects.includes(corrupted);
      cliRows.push({ name: history.name, operations, corrupted, run, named });
      console.log(`cx lin ${history.name.padEnd(44)} exit ${run.exitCode} suspects ${run.suspects.join(",")}${run.confirmed ? " (first confirmed)" : ""} corrupted #${corrupted} ${named ? "named" : "NOT NAMED"} | ${run.ms} ms wall, ${run.cpuMs} ms cpu, ${run.maxRssMiB} MiB peak`);
    }
  }
}

// The memory the search holds: on the million-operation histories, and on searches a memory limit stops (cx's pruning off, so that they need memory).
const memoryRows: { readonly name: string; readonly flags: readonly string[]; readonly cx: ChildReport }[] = [];
if (args.includes("--memory")) {
  const shapeOf = (row: string): Omit<ScaleShape, "operations"> | undefined => shapes.find((entry) => entry.row === row)?.shape;
  const hard = [
    { shape: shapeOf("register, 10 clients, 5 values, ok"), flags: ["--no-pruning", "--memo-bytes", String(64 * 1024 * 1024)] },
    { shape: shapeOf("kv, 3 keys, corrupted"), flags: ["--no-pruning", "--memo-bytes", String(64 * 1024 * 1024)] },
    { shape: shapeOf("kv, 3 keys, corrupted"), flags: ["--no-pruning", "--memo-bytes", String(128 * 1024 * 1024)] },
  ];
  const jobsOfMemory = [
    ...million.map(({ shape }) => ({ shape, flags: [] as string[] })),
    ...hard.flatMap(({ shape, flags }) => (shape === undefined ? [] : [{ shape: { ...shape, operations: 100_000 }, flags }])),
  ];
  for (const { shape, flags } of jobsOfMemory) {
    const history = generateScaleHistory(shape);
    if (!history.name.includes(only)) continue;
    const cx = runChild(writeHistory(history), [...flags, "--live-memory"]);
    memoryRows.push({ name: history.name, flags, cx });
    console.log(`memory ${history.name.padEnd(44)} ${flags.join(" ").padEnd(36)} ${cx.verdict}${cx.limit === undefined ? "" : ` [${cx.limit}]`} after ${cx.steps} steps: search held at most ${cx.searchLiveMaxMiB} MiB (live, sampled), check +${cx.checkPeakRssMiB} MiB resident`);
  }
}

const report = {
  benchmark: "@cx/check scale",
  node: process.version,
  timeoutMs: TIMEOUT_MS,
  porcupine: porcupineBinary === undefined ? "recorded (bench/data/porcupine-scale.json)" : "measured in this run",
  rows,
  ...(cliRows.length === 0 ? {} : { cxLin: cliRows }),
  ...(memoryRows.length === 0 ? {} : { memory: memoryRows }),
};
const target = join(root, "results", only === "" ? "check-scale.json" : "check-scale-partial.json");
mkdirSync(join(root, "results"), { recursive: true });
writeFileAtomic.sync(target, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nwrote ${target}`);
