/**
 * The fixed cost per call on small histories: each history of the corpus
 * (about a hundred operations each) and a few generated ones of 20 and 100
 * operations, checked many times in one warm process; cx's CPU time per
 * check beside Porcupine's (its harness in `repeat` mode, also warm, reports
 * its own CPU time per check). The two are measured history by history, one
 * right after the other, in several rounds (the median of the rounds is
 * kept), so that both see the same load on a shared machine. Writes
 * results/check-small.json at the repository root.
 *
 *   tsx --conditions=@cx/source bench/small.ts --porcupine BINARY [--repeat 50] [--rounds 3]
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import writeFileAtomic from "write-file-atomic";
import { checkLinearizability, kvModel, registerModel } from "../src/index.js";
import type { KvInput, KvOutput, Operation, RegisterInput, RegisterOutput } from "../src/index.js";
import { corpusDir, loadCorpus, repoRoot } from "./corpus.js";
import { historyText } from "./history-lines.js";
import { generateScaleHistory } from "./scale-histories.js";

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const binary = flag("--porcupine");
if (binary === undefined) throw new Error("usage: small --porcupine BINARY [--repeat 50] [--rounds 3]");
const repeat = Number(flag("--repeat") ?? 50);
const rounds = Number(flag("--rounds") ?? 3);
/** Checks of each history before timing it, after all were checked WARM_ROUNDS times: the JIT needs hundreds of calls to settle, Go code none. */
const WARM_ROUNDS = 20;
const WARM_PER_HISTORY = 10;

interface Small {
  readonly name: string;
  readonly file: string;
  readonly model: "kv" | "register";
  readonly operations: readonly Operation<unknown, unknown>[];
}
const dir = join(repoRoot(import.meta.dirname), ".cx-tmp", "small-histories");
mkdirSync(dir, { recursive: true });
const smalls: Small[] = loadCorpus(import.meta.dirname).map((h) => ({ name: h.file, file: join(corpusDir(import.meta.dirname), h.file), model: h.history.model, operations: h.history.operations as Operation<unknown, unknown>[] }));
for (const operations of [20, 100]) {
  for (const model of ["kv", "register"] as const) {
    for (const corrupt of [false, true]) {
      const history = generateScaleHistory({ model, seed: 1, clients: 5, keys: 2, operations, pendingPercent: 10, values: 3, corrupt, corruptAt: 0.5 });
      const file = join(dir, `${history.name}.jsonl`);
      writeFileSync(file, historyText(history.operations));
      smalls.push({ name: history.name, file, model, operations: history.operations as Operation<unknown, unknown>[] });
    }
  }
}

/** One check of `small`; with `readSuspects`, an illegal verdict's suspects are read too (which searches for them). */
function checkOnce(small: Small, readSuspects: boolean): string {
  const result =
    small.model === "kv"
      ? checkLinearizability(kvModel, small.operations as Operation<KvInput, KvOutput>[])
      : checkLinearizability(registerModel, small.operations as Operation<RegisterInput, RegisterOutput>[]);
  if (readSuspects && result.verdict === "illegal" && result.witness.suspects.length < 0) throw new Error("unreachable");
  return result.verdict;
}

/** cx's CPU microseconds per check of `small`, warm. */
function cxPerCall(small: Small, readSuspects: boolean): { verdict: string; us: number } {
  let verdict = checkOnce(small, readSuspects);
  for (let i = 0; i < WARM_PER_HISTORY; i++) checkOnce(small, readSuspects);
  const start = process.cpuUsage();
  for (let i = 0; i < repeat; i++) verdict = checkOnce(small, readSuspects);
  const used = process.cpuUsage(start);
  return { verdict, us: (used.user + used.system) / repeat };
}

/** Porcupine's CPU time spent on checks of one history in a round at most (it takes a second per check on a few corpus histories): fewer repetitions there. */
const PORCUPINE_ROUND_MS = 2_000;
const porcupineRepeats = new Map<Small, number>();
/** Porcupine's CPU microseconds per check of `small`, warm, as its harness reports them. */
function porcupinePerCall(small: Small): { verdict: string; us: number } {
  const run = (times: number): { verdict: string; cpuMs: number } => {
    const out = execFileSync(binary as string, [small.file, "60000", "repeat", String(times)], { encoding: "utf8" });
    return JSON.parse(out.trim().split("\n").pop() as string) as { verdict: string; cpuMs: number };
  };
  let times = porcupineRepeats.get(small);
  if (times === undefined) {
    times = Math.max(1, Math.min(repeat, Math.floor(PORCUPINE_ROUND_MS / Math.max(0.001, run(1).cpuMs))));
    porcupineRepeats.set(small, times);
  }
  const line = run(times);
  return { verdict: line.verdict, us: line.cpuMs * 1000 };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[(sorted.length - 1) >> 1] as number;
};

// Porcupine's CheckOperations answers the verdict only: cx is timed for the
// verdict, and again with the suspects read (which searches for them).
for (let round = 0; round < WARM_ROUNDS; round++) for (const small of smalls) checkOnce(small, true);
const samples = smalls.map(() => ({ bare: [] as number[], suspects: [] as number[], porcupine: [] as number[], verdict: "", theirs: "" }));
for (let round = 0; round < rounds; round++) {
  smalls.forEach((small, k) => {
    const sample = samples[k] as (typeof samples)[number];
    const bare = cxPerCall(small, false);
    sample.bare.push(bare.us);
    sample.suspects.push(cxPerCall(small, true).us);
    const them = porcupinePerCall(small);
    sample.porcupine.push(them.us);
    sample.verdict = bare.verdict;
    sample.theirs = them.verdict;
  });
}
const rows = smalls.map((small, k) => {
  const sample = samples[k] as (typeof samples)[number];
  return { name: small.name, operations: small.operations.length, verdict: sample.verdict, cxUs: median(sample.bare), cxSuspectsUs: median(sample.suspects), porcupineVerdict: sample.theirs, porcupineUs: median(sample.porcupine) };
});
for (const row of rows) {
  console.log(
    `${row.name.padEnd(40)} ${String(row.operations).padStart(4)} ops ${row.verdict.padEnd(7)} cx ${row.cxUs.toFixed(1).padStart(8)} us, suspects read ${row.cxSuspectsUs.toFixed(1).padStart(8)} us | porcupine ${row.porcupineVerdict.padEnd(7)} ${row.porcupineUs.toFixed(1).padStart(8)} us`,
  );
}
const sum = (pick: (row: (typeof rows)[number]) => number): number => rows.reduce((total, row) => total + pick(row), 0);
const geometric = (pick: (row: (typeof rows)[number]) => number): number => Math.exp(rows.reduce((total, row) => total + Math.log(row.porcupineUs / pick(row)), 0) / rows.length);
const slower = (pick: (row: (typeof rows)[number]) => number): number => rows.filter((row) => pick(row) > row.porcupineUs).length;
const totals = {
  histories: rows.length,
  cxUs: sum((row) => row.cxUs),
  cxSuspectsUs: sum((row) => row.cxSuspectsUs),
  porcupineUs: sum((row) => row.porcupineUs),
  porcupineOverCx: geometric((row) => row.cxUs),
  porcupineOverCxSuspects: geometric((row) => row.cxSuspectsUs),
  cxSlower: slower((row) => row.cxUs),
  cxSuspectsSlower: slower((row) => row.cxSuspectsUs),
};
console.log(`\n${rows.length} histories, ${repeat} checks each, median of ${rounds} rounds, CPU time per check summed: cx ${totals.cxUs.toFixed(0)} us (suspects read: ${totals.cxSuspectsUs.toFixed(0)} us), porcupine ${totals.porcupineUs.toFixed(0)} us`);
console.log(`geometric mean of porcupine/cx: ${totals.porcupineOverCx.toFixed(2)} (suspects read: ${totals.porcupineOverCxSuspects.toFixed(2)}); cx slower on ${totals.cxSlower} (suspects read: ${totals.cxSuspectsSlower})`);
const target = join(repoRoot(import.meta.dirname), "results", "check-small.json");
writeFileAtomic.sync(target, `${JSON.stringify({ benchmark: "@cx/check small histories, CPU time per check, warm", node: process.version, repeat, rounds, totals, rows }, null, 2)}\n`);
console.log(`wrote ${target}`);
