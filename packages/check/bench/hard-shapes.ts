/**
 * The hard key-value shapes: five put/get history shapes that no checker
 * had decided within 30 s, regenerated from their descriptions
 * (bench/kv-shapes.ts, seeded), each checked in a process of its own
 * (scale-child.ts) with 30 s of CPU time at most: verdict (right or not, by
 * construction), CPU time of the check, peak resident memory of the
 * process. Writes results/check-hard-shapes.json at the repository root.
 *
 *   pnpm --filter @cx/check bench:hard-shapes [--only NAME-PART] [--timeout-ms 30000]
 *
 * 1. 10k operations, 10 keys, 30% of calls pending, a late stale get;
 * 2. 20k operations on one key;
 * 3. 20k operations on two keys, half the calls pending;
 * 4. 50k operations on two keys, a late stale get;
 * 5. 100k operations on 5 keys, 20 clients.
 * Each legal and with one late stale get, with unique written values and
 * with five values a key (see hardKvShapes).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { repoRoot } from "./corpus.js";
import { historyText } from "./history-lines.js";
import { generateKvShape, hardKvShapes } from "./kv-shapes.js";

const args = process.argv.slice(2);
const onlyArg = args.indexOf("--only");
const only = onlyArg >= 0 ? (args[onlyArg + 1] ?? "") : "";
const timeoutArg = args.indexOf("--timeout-ms");
const TIMEOUT_MS = timeoutArg >= 0 ? Number(args[timeoutArg + 1]) : 30_000;

const root = repoRoot(import.meta.dirname);
const dir = join(root, ".cx-tmp", "kv-shapes");
mkdirSync(dir, { recursive: true });

/** What scale-child.ts prints (the fields read here). */
interface ChildReport {
  readonly verdict: string;
  readonly cpuMs: number;
  readonly peakRssMiB: number;
  readonly steps: number;
  readonly limit?: string;
  readonly suspects?: number[];
}

const rows: { readonly shape: number; readonly row: string; readonly name: string; readonly expected: string; readonly planted?: number; readonly right: boolean; readonly cx: ChildReport }[] = [];
for (const { shape, row, history: spec } of hardKvShapes()) {
  const history = generateKvShape(spec);
  if (!history.name.includes(only)) continue;
  const file = join(dir, `${history.name}.jsonl`);
  writeFileSync(file, historyText(history.operations));
  // The timeout counts CPU time: a loaded machine stops no check early.
  const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", "--conditions=@cx/source", join(import.meta.dirname, "scale-child.ts"), file, String(TIMEOUT_MS), "--cpu-clock"], { encoding: "utf8", maxBuffer: 1 << 24 });
  const cx = JSON.parse(out.trim().split("\n").pop() as string) as ChildReport;
  const right = cx.verdict === history.expected;
  rows.push({ shape, row, name: history.name, expected: history.expected, ...(history.planted === undefined ? {} : { planted: history.planted }), right, cx });
  const suspects = cx.suspects === undefined ? "" : ` suspects ${cx.suspects.join(",")} (planted #${history.planted})`;
  console.log(
    `${shape} ${history.name.padEnd(38)} expected ${history.expected.padEnd(7)} cx ${cx.verdict.padEnd(7)}${right ? "" : cx.verdict === "unknown" ? ` [${cx.limit}]` : " WRONG"} ${(cx.cpuMs / 1000).toFixed(2).padStart(6)} s cpu ${String(cx.peakRssMiB).padStart(5)} MiB peak ${cx.steps} steps${suspects}`,
  );
}

const report = { benchmark: "@cx/check hard kv shapes", node: process.version, timeoutCpuMs: TIMEOUT_MS, rows };
const target = join(root, "results", only === "" ? "check-hard-shapes.json" : "check-hard-shapes-partial.json");
mkdirSync(join(root, "results"), { recursive: true });
writeFileAtomic.sync(target, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nwrote ${target}`);
