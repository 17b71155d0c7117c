// Simulated events per second of the world under a synthetic protocol.
// Baseline, measured in the same run: the bare event queue pushing and
// popping the same number of events (the floor no world can beat).
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import writeFileAtomic from "write-file-atomic";
import { EventQueue, GeneratedChoices, registerWorkload, runScenario } from "../src/index.js";
import { primaryBackup } from "../test/fixtures/primary-backup.js";

const RUNS_PER_BATCH = 400;
const BATCHES = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function worldBatch(batch: number, recordTrace: boolean): { events: number; ms: number; decisions: number } {
  let events = 0;
  let decisions = 0;
  const start = performance.now();
  for (let i = 0; i < RUNS_PER_BATCH; i++) {
    const result = runScenario({ protocol: primaryBackup, workload: registerWorkload, choices: new GeneratedChoices(batch * RUNS_PER_BATCH + i), recordTrace });
    events += result.counters.events;
    decisions += result.counters.decisions;
  }
  return { events, ms: performance.now() - start, decisions };
}

function queueBatch(events: number): number {
  const queue = new EventQueue<{ time: number; kind: number }>();
  const start = performance.now();
  let time = 0;
  // Keep ~200 events pending, as a run does, and push/pop `events` times.
  for (let i = 0; i < 200; i++) queue.push({ time: i % 50, kind: 0 });
  for (let i = 0; i < events; i++) {
    const e = queue.pop();
    time = e?.time ?? time;
    queue.push({ time: time + 1 + (i % 37), kind: i & 3 });
  }
  return performance.now() - start;
}

worldBatch(0, false); // warm-up
const plain: number[] = [];
const traced: number[] = [];
const bare: number[] = [];
const runsPerSecond: number[] = [];
let eventsPerRun = 0;
let decisionsPerRun = 0;
for (let b = 1; b <= BATCHES; b++) {
  const w = worldBatch(b, false);
  plain.push((w.events / w.ms) * 1000);
  runsPerSecond.push((RUNS_PER_BATCH / w.ms) * 1000);
  eventsPerRun = w.events / RUNS_PER_BATCH;
  decisionsPerRun = w.decisions / RUNS_PER_BATCH;
  const t = worldBatch(b, true);
  traced.push((t.events / t.ms) * 1000);
  bare.push((w.events / queueBatch(w.events)) * 1000);
}

const figures = {
  benchmark: "sim-world",
  protocol: primaryBackup.name,
  runsPerBatch: RUNS_PER_BATCH,
  batches: BATCHES,
  eventsPerRun: Math.round(eventsPerRun),
  decisionsPerRun: Math.round(decisionsPerRun),
  eventsPerSecond: Math.round(median(plain)),
  eventsPerSecondTracing: Math.round(median(traced)),
  runsPerSecond: Math.round(median(runsPerSecond)),
  baselineQueueEventsPerSecond: Math.round(median(bare)),
  ratioToBareQueue: Number((median(plain) / median(bare)).toFixed(3)),
  node: process.version,
};

console.log(`world events/s (median of ${BATCHES} batches of ${RUNS_PER_BATCH} runs): ${figures.eventsPerSecond.toLocaleString("en-US")}`);
console.log(`  with trace recording:            ${figures.eventsPerSecondTracing.toLocaleString("en-US")}`);
console.log(`  runs/s: ${figures.runsPerSecond.toLocaleString("en-US")}  (${figures.eventsPerRun} events, ${figures.decisionsPerRun} decisions per run)`);
console.log(`baseline, bare event queue:        ${figures.baselineQueueEventsPerSecond.toLocaleString("en-US")} events/s`);
console.log(`ratio world / bare queue:          ${figures.ratioToBareQueue}`);

const out = join(import.meta.dirname, "..", "..", "..", "results", "sim-bench.json");
mkdirSync(dirname(out), { recursive: true });
writeFileAtomic.sync(out, `${JSON.stringify(figures, null, 2)}\n`);
console.log(`wrote ${out}`);
