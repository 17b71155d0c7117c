/**
 * Checks one history file and prints one JSON line: verdict, wall and CPU
 * milliseconds of the check (parsing excluded), peak resident memory of this
 * process, steps, and the first suspects with the milliseconds their search
 * took (it runs when they are first read). Run by scale.ts, one process per
 * history, so that peak memory belongs to that history alone.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { checkLinearizability, kvModel, parseHistory, registerModel } from "../src/index.js";
import type { CheckOptions, LinearizabilityResult } from "../src/index.js";

const [file, timeout] = process.argv.slice(2);
if (file === undefined) throw new Error("usage: scale-child FILE [TIMEOUT_MS]");
const parsed = parseHistory(readFileSync(file, "utf8"));
if (!parsed.ok) throw new Error(`${file}: ${JSON.stringify(parsed.errors.slice(0, 3))}`);
const options: CheckOptions = { timeoutMs: Number(timeout ?? 60_000), clock: () => performance.now() };
const cpu = process.cpuUsage();
const start = performance.now();
const result: LinearizabilityResult<unknown, unknown> =
  parsed.model === "kv" ? (checkLinearizability(kvModel, parsed.operations, options) as LinearizabilityResult<unknown, unknown>) : (checkLinearizability(registerModel, parsed.operations, options) as LinearizabilityResult<unknown, unknown>);
const ms = performance.now() - start;
const used = process.cpuUsage(cpu);
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
    steps: result.steps,
    ...(result.verdict === "unknown" ? { limit: result.limit } : {}),
    ...(result.verdict === "illegal" ? { suspects: suspects.slice(0, 3).map((s) => s.index), confirmed: suspects[0]?.confirmed ?? false, suspectsMs: Math.round(suspectsMs * 10) / 10 } : {}),
  }),
);
