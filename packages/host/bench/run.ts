/**
 * @cx/host benchmark: the host's own cost. The same ping/echo protocol as a
 * native plug-in and as hosted async code, events per second side by side
 * in one process (batches interleaved, medians), and the ratio. Then the
 * cost of a hosted run of liferaft-sized code is left to that package.
 * Writes results/host-bench.json.
 *
 *   pnpm --filter @cx/host bench        BENCH_QUICK=1 for a short smoke run.
 */
import { mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, resolve } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { GeneratedChoices, type ProtocolPlugin } from "@cx/sim";
import { hostedPingEcho, nativePingEcho } from "./ping-echo.js";

const quick = process.env["BENCH_QUICK"] === "1";
/**
 * Figures are the process's CPU time (user + system, GC threads included), not the wall clock: this runs on
 * shared machines, where wall time measures the neighbours. The load at the start is kept for the record.
 */
const loadAtStart = loadavg().map((l) => Number(l.toFixed(2)));
const BATCHES = quick ? 3 : 7;
const RUNS_PER_BATCH = quick ? 20 : 100;
/** Long runs, so that per-event cost dominates a run's fixed cost (booting realms). */
const options = { faultPhaseMs: 4000, calmMinMs: 1000, calmMaxMs: 1000 };

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function batch(plugin: ProtocolPlugin, firstSeed: number): { readonly eventsPerSecond: number; readonly runsPerSecond: number; readonly events: number } {
  let events = 0;
  const start = process.cpuUsage();
  for (let seed = firstSeed; seed < firstSeed + RUNS_PER_BATCH; seed++) events += plugin.run({ choices: new GeneratedChoices(seed), options, monitors: false }).counters.events;
  const used = process.cpuUsage(start);
  const seconds = (used.user + used.system) / 1e6;
  return { eventsPerSecond: events / seconds, runsPerSecond: RUNS_PER_BATCH / seconds, events };
}

for (let seed = 1; seed <= (quick ? 20 : 100); seed++) {
  nativePingEcho.run({ choices: new GeneratedChoices(seed), options, monitors: false });
  hostedPingEcho.run({ choices: new GeneratedChoices(seed), options, monitors: false });
}
const native: ReturnType<typeof batch>[] = [];
const hosted: ReturnType<typeof batch>[] = [];
for (let b = 0; b < BATCHES; b++) {
  const firstSeed = 1000 + b * RUNS_PER_BATCH;
  native.push(batch(nativePingEcho, firstSeed));
  hosted.push(batch(hostedPingEcho, firstSeed));
}
const nativeEvents = median(native.map((b) => b.eventsPerSecond));
const hostedEvents = median(hosted.map((b) => b.eventsPerSecond));
const figures = {
  benchmark: "host",
  date: new Date().toISOString().slice(0, 10),
  node: process.version,
  quick,
  clock: "process CPU time (user + system)",
  loadAverageAtStart: loadAtStart,
  batches: BATCHES,
  runsPerBatch: RUNS_PER_BATCH,
  scenario: options,
  native: { eventsPerSecond: Math.round(nativeEvents), runsPerSecond: Math.round(median(native.map((b) => b.runsPerSecond))), eventsPerRun: Math.round((native[0]?.events ?? 0) / RUNS_PER_BATCH) },
  hosted: { eventsPerSecond: Math.round(hostedEvents), runsPerSecond: Math.round(median(hosted.map((b) => b.runsPerSecond))), eventsPerRun: Math.round((hosted[0]?.events ?? 0) / RUNS_PER_BATCH) },
  hostedOverNative: Number((hostedEvents / nativeEvents).toFixed(3)),
};
console.log(`ping/echo, one thread, median of ${BATCHES} interleaved batches of ${RUNS_PER_BATCH} runs (a ${options.faultPhaseMs} ms fault phase, a ${options.calmMinMs} ms calm phase), per second of CPU time:`);
console.log(`  native plug-in: ${figures.native.eventsPerSecond.toLocaleString("en")} events/s (${figures.native.runsPerSecond} runs/s)`);
console.log(`  hosted code:    ${figures.hosted.eventsPerSecond.toLocaleString("en")} events/s (${figures.hosted.runsPerSecond} runs/s)`);
console.log(`  hosted / native: ${figures.hostedOverNative}x`);
if (!quick) {
  const out = resolve(import.meta.dirname, "../../../results/host-bench.json");
  mkdirSync(dirname(out), { recursive: true });
  writeFileAtomic.sync(out, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`wrote ${out}`);
}
