/**
 * The scale benchmark: the history shapes on which @cx/check was once behind
 * Porcupine, generated at 1k, 10k and 100k operations, each checked in a
 * process of its own (time of the check, CPU time, peak memory), beside
 * Porcupine's figures for the same files recorded in
 * bench/data/porcupine-scale.json. With `--million`, also the
 * 1,000,000-operation histories with one corrupted read (is it the first
 * suspect?). Writes results/check-scale.json at the repository root.
 *
 *   pnpm --filter @cx/check bench:scale [--million] [--sizes 1000,10000] [--only kv-c10-k10] [--porcupine BINARY]
 *
 * With `--porcupine`, the harness of bench/porcupine (built from a local
 * checkout of Porcupine) checks each file right after cx, and its figures
 * from this run replace the recorded ones.
 *   (`--sizes ""` with `--million` runs only the million-operation histories)
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { repoRoot } from "./corpus.js";
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
  readonly cx: { verdict: string; ms: number; cpuMs: number; peakRssMiB: number; steps: number; limit?: string; suspects?: number[]; confirmed?: boolean; suspectsMs?: number };
  readonly porcupine?: { verdict: string; ms: number; cpuMs: number; sysMiB: number };
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
  const file = join(dir, `${history.name}.jsonl`);
  writeFileSync(file, historyText(history.operations));
  const out = execFileSync(process.execPath, ["--import", "tsx", "--conditions=@cx/source", join(import.meta.dirname, "scale-child.ts"), file, String(TIMEOUT_MS)], { encoding: "utf8", maxBuffer: 1 << 24 });
  const cx = JSON.parse(out.trim().split("\n").pop() as string) as Row["cx"];
  const theirs = porcupineBinary === undefined ? porcupine.histories[history.name] : runPorcupine(porcupineBinary, file);
  rows.push({ row, name: history.name, operations: shape.operations, expected: history.expected, ...(history.corrupted === undefined ? {} : { corrupted: history.corrupted }), cx, ...(theirs === undefined ? {} : { porcupine: theirs }) });
  const suspects = cx.suspects === undefined ? "" : ` suspects ${cx.suspects.join(",")}${cx.confirmed === true ? " (first confirmed)" : ""} in ${cx.suspectsMs ?? "?"} ms more, corrupted #${history.corrupted}`;
  const them = theirs === undefined ? "porcupine: not recorded" : `porcupine${porcupineBinary === undefined ? " (recorded)" : ""} ${theirs.verdict} ${theirs.ms} ms (cpu ${theirs.cpuMs})`;
  console.log(`${history.name.padEnd(40)} expected ${history.expected.padEnd(7)} cx ${cx.verdict.padEnd(7)} ${String(cx.ms).padStart(9)} ms (cpu ${cx.cpuMs}) ${String(cx.peakRssMiB).padStart(5)} MiB ${cx.steps} steps${cx.limit === undefined ? "" : ` [${cx.limit}]`}${suspects} | ${them}`);
}

const report = { benchmark: "@cx/check scale", node: process.version, timeoutMs: TIMEOUT_MS, porcupine: porcupineBinary === undefined ? "recorded (bench/data/porcupine-scale.json)" : "measured in this run", rows };
const target = join(root, "results", only === "" ? "check-scale.json" : "check-scale-partial.json");
mkdirSync(join(root, "results"), { recursive: true });
writeFileAtomic.sync(target, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nwrote ${target}`);
