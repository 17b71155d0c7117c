/**
 * Checks one history file and prints one JSON line: verdict, wall and CPU
 * milliseconds of the check (parsing excluded), peak resident memory of this
 * process, what the check itself took of memory, steps, and the first
 * suspects with the milliseconds their search took (it runs when they are
 * first read). Run by scale.ts with `--expose-gc`, one process per history,
 * so that peak memory belongs to that history alone.
 *
 * Memory of the check: the resident set is measured after parsing and a
 * full collection (`baseRssMiB`); `checkPeakRssMiB` is the process's peak
 * resident set, read right after the verdict, less that baseline (an upper
 * bound of what the check held at any moment, garbage included);
 * `checkHeapMiB` is what the JavaScript heap (compiled code left out) and
 * array buffers grew by during the check, garbage included. With `--live-memory`, the clock the
 * search consults (every 1,024 steps) also collects garbage every
 * LIVE_EVERY of its calls and samples the heap and array buffers:
 * `searchLiveMaxMiB` is the most the search held, over the baseline (slow:
 * for memory runs, not for timing). With `--cpu-clock`, the timeout counts
 * this process's CPU time instead of wall time (a loaded machine then stops
 * no check early).
 *
 *   scale-child FILE [TIMEOUT_MS] [--memo-bytes N] [--no-pruning] [--live-memory] [--cpu-clock]
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { getHeapSpaceStatistics } from "node:v8";
import { checkLinearizability, kvModel, parseHistory, registerModel } from "../src/index.js";
import type { CheckOptions, LinearizabilityResult } from "../src/index.js";

const [file, timeout, ...flags] = process.argv.slice(2);
if (file === undefined) throw new Error("usage: scale-child FILE [TIMEOUT_MS] [--memo-bytes N] [--no-pruning]");
const memoArg = flags.indexOf("--memo-bytes");
const parsed = parseHistory(readFileSync(file, "utf8"));
if (!parsed.ok) throw new Error(`${file}: ${JSON.stringify(parsed.errors.slice(0, 3))}`);
const collect = (globalThis as { gc?: () => void }).gc;
/** The JavaScript heap and array buffers, less compiled code (the engine's, not the check's data). */
const heapOf = (): number => {
  const usage = process.memoryUsage();
  const code = getHeapSpaceStatistics()
    .filter((space) => space.space_name.startsWith("code_"))
    .reduce((sum, space) => sum + space.space_used_size, 0);
  return usage.heapUsed - code + usage.external;
};
/** Calls of the clock between two samples of the live memory. */
const LIVE_EVERY = 64;
let clockCalls = 0;
let liveMax = 0;
const live = flags.includes("--live-memory") && collect !== undefined;
// Asking the kernel for CPU time costs microseconds: the search asks every 1,024 steps, the kernel is asked every 8th time.
let cpuCalls = 0;
let cpuMs = 0;
const cpuClock = (): number => {
  if ((cpuCalls++ & 7) === 0) {
    const used = process.cpuUsage();
    cpuMs = (used.user + used.system) / 1000;
  }
  return cpuMs;
};
const now = flags.includes("--cpu-clock") ? cpuClock : () => performance.now();
const options: CheckOptions = {
  timeoutMs: Number(timeout ?? 60_000),
  clock: live
    ? () => {
        if (++clockCalls % LIVE_EVERY === 0) {
          collect();
          liveMax = Math.max(liveMax, heapOf());
        }
        return now();
      }
    : now,
  ...(memoArg >= 0 ? { memoBytesMax: Number(flags[memoArg + 1]) } : {}),
  ...(flags.includes("--no-pruning") ? { pruning: false } : {}),
};
const mib = (bytes: number): number => Math.round(bytes / 1024 / 102.4) / 10;
collect?.();
const baseRss = process.memoryUsage().rss;
const baseHeap = heapOf();
const cpu = process.cpuUsage();
const start = performance.now();
const result: LinearizabilityResult<unknown, unknown> =
  parsed.model === "kv" ? (checkLinearizability(kvModel, parsed.operations, options) as LinearizabilityResult<unknown, unknown>) : (checkLinearizability(registerModel, parsed.operations, options) as LinearizabilityResult<unknown, unknown>);
const ms = performance.now() - start;
const used = process.cpuUsage(cpu);
const peakRss = process.resourceUsage().maxRSS * 1024;
const checkHeap = heapOf() - baseHeap;
// The suspects are searched for when first read: timed apart (Porcupine names none).
const suspectsStart = performance.now();
const suspects = result.verdict === "illegal" ? result.witness.suspects : [];
const suspectsMs = performance.now() - suspectsStart;
console.log(
  JSON.stringify({
    verdict: result.verdict,
    ms: Math.round(ms * 10) / 10,
    cpuMs: Math.round((used.user + used.system) / 100) / 10,
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    baseRssMiB: mib(baseRss),
    checkPeakRssMiB: mib(Math.max(0, peakRss - baseRss)),
    checkHeapMiB: mib(checkHeap),
    ...(live ? { searchLiveMaxMiB: mib(Math.max(0, liveMax - baseHeap)), liveSamples: Math.floor(clockCalls / LIVE_EVERY) } : {}),
    steps: result.steps,
    ...(result.verdict === "unknown" ? { limit: result.limit } : {}),
    ...(result.verdict === "illegal" ? { suspects: suspects.slice(0, 3).map((s) => s.index), confirmed: suspects[0]?.confirmed ?? false, suspectsMs: Math.round(suspectsMs * 10) / 10 } : {}),
  }),
);
