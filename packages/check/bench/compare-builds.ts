/**
 * Times this checkout's checker beside another copy of @cx/check's `src`
 * (a build before a change), in one process, runs interleaved so that both
 * see the same machine load: the corpus and the scale shapes at the sizes
 * given. Prints, per history and in total, the median time of each and
 * their ratio, and fails when a verdict or a step count differs.
 *
 *   tsx --conditions=@cx/source bench/compare-builds.ts --before DIR [--sizes 1000,10000] [--runs 5] [--only SUBSTRING]
 *
 * DIR is a copy of packages/check/src (for example `git archive` of the
 * commit before, unpacked).
 */
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import * as after from "../src/index.js";
import type { Operation } from "../src/index.js";
import { loadCorpus } from "./corpus.js";
import { generateScaleHistory } from "./scale-histories.js";
import type { ScaleShape } from "./scale-histories.js";

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const beforeDir = flag("--before");
if (beforeDir === undefined) throw new Error("usage: compare-builds --before DIR [--sizes 1000,10000] [--runs 5]");
const sizes = (flag("--sizes") ?? "1000,10000").split(",").filter((s) => s !== "").map(Number);
const runs = Number(flag("--runs") ?? 5);
const only = flag("--only") ?? "";
const before = (await import(join(resolve(beforeDir), "index.ts"))) as typeof after;

interface Case {
  readonly name: string;
  readonly model: "kv" | "register";
  readonly operations: readonly Operation<unknown, unknown>[];
}
const cases: Case[] = loadCorpus(import.meta.dirname).map((h) => ({ name: h.file, model: h.history.model, operations: h.history.operations as Operation<unknown, unknown>[] }));
const shapes: Omit<ScaleShape, "operations">[] = [
  { model: "kv", seed: 1, clients: 10, keys: 10, pendingPercent: 20, values: 5 },
  { model: "kv", seed: 1, clients: 10, keys: 10, pendingPercent: 0, values: 5 },
  { model: "kv", seed: 1, clients: 10, keys: 3, pendingPercent: 0, values: 5 },
  { model: "kv", seed: 1, clients: 10, keys: 3, pendingPercent: 0, values: 5, corrupt: true },
  { model: "register", seed: 1, clients: 10, pendingPercent: 0, values: 5 },
  { model: "register", seed: 1, clients: 10, pendingPercent: 0, values: 5, corrupt: true },
];
for (const shape of shapes) {
  for (const operations of sizes) {
    const history = generateScaleHistory({ ...shape, operations });
    cases.push({ name: history.name, model: shape.model, operations: history.operations as Operation<unknown, unknown>[] });
  }
}

function timeOne(lib: typeof after, c: Case): { ms: number; verdict: string; steps: number } {
  const start = performance.now();
  const result =
    c.model === "kv"
      ? lib.checkLinearizability(lib.kvModel, c.operations as Operation<after.KvInput, after.KvOutput>[])
      : lib.checkLinearizability(lib.registerModel, c.operations as Operation<after.RegisterInput, after.RegisterOutput>[]);
  return { ms: performance.now() - start, verdict: result.verdict, steps: result.steps };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
};
let totalBefore = 0;
let totalAfter = 0;
let mismatches = 0;
for (const c of cases.filter((entry) => entry.name.includes(only))) {
  const samples = { before: [] as number[], after: [] as number[] };
  let last = { before: { verdict: "", steps: 0 }, after: { verdict: "", steps: 0 } };
  for (let run = 0; run < runs; run++) {
    // Alternate which goes first, so that neither always runs on a warmer cache.
    const order = run % 2 === 0 ? (["before", "after"] as const) : (["after", "before"] as const);
    for (const which of order) {
      const timed = timeOne(which === "before" ? before : after, c);
      samples[which].push(timed.ms);
      last = { ...last, [which]: { verdict: timed.verdict, steps: timed.steps } };
    }
  }
  const b = median(samples.before);
  const a = median(samples.after);
  totalBefore += b;
  totalAfter += a;
  const same = last.before.verdict === last.after.verdict && last.before.steps === last.after.steps;
  if (!same) mismatches++;
  console.log(`${c.name.padEnd(44)} ${last.after.verdict.padEnd(7)} before ${b.toFixed(2).padStart(9)} ms  after ${a.toFixed(2).padStart(9)} ms  ratio ${(b / a).toFixed(2)}${same ? "" : `  DIFFERENT: before ${last.before.verdict}/${last.before.steps} after ${last.after.verdict}/${last.after.steps}`}`);
}
console.log(`\ntotal of medians: before ${totalBefore.toFixed(1)} ms, after ${totalAfter.toFixed(1)} ms, speed ratio before/after ${(totalBefore / totalAfter).toFixed(3)}; ${mismatches} histories with a different verdict or step count`);
if (mismatches > 0) process.exitCode = 1;
