/**
 * The fixed cost per call on small histories: each history of the corpus
 * (about a hundred operations each) and a few generated ones of 20 and 100
 * operations, checked many times in one warm process; cx's time per check
 * beside Porcupine's (its harness in `repeat` mode, also warm), in this run.
 *
 *   tsx --conditions=@cx/source bench/small.ts --porcupine BINARY [--repeat 200]
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
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
if (binary === undefined) throw new Error("usage: small --porcupine BINARY [--repeat 200]");
const repeat = Number(flag("--repeat") ?? 200);
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

function cxPerCall(small: Small, readSuspects: boolean): { verdict: string; us: number } {
  let verdict = checkOnce(small, readSuspects);
  for (let i = 0; i < WARM_PER_HISTORY; i++) checkOnce(small, readSuspects);
  const start = performance.now();
  for (let i = 0; i < repeat; i++) verdict = checkOnce(small, readSuspects);
  return { verdict, us: ((performance.now() - start) * 1000) / repeat };
}

function porcupinePerCall(small: Small): { verdict: string; us: number } {
  const out = execFileSync(binary as string, [small.file, "60000", "repeat", String(repeat)], { encoding: "utf8" });
  const line = JSON.parse(out.trim().split("\n").pop() as string) as { verdict: string; ms: number };
  return { verdict: line.verdict, us: line.ms * 1000 };
}

// Porcupine's CheckOperations answers the verdict only: cx is timed with
// its witness (partial linearizations included) and with the suspects read.
for (let round = 0; round < WARM_ROUNDS; round++) for (const small of smalls) checkOnce(small, true);
const totals = { cx: 0, bare: 0, porcupine: 0, slower: 0, bareSlower: 0, log: 0, bareLog: 0 };
for (const small of smalls) {
  const bare = cxPerCall(small, false);
  const cx = cxPerCall(small, true);
  const them = porcupinePerCall(small);
  totals.cx += cx.us;
  totals.bare += bare.us;
  totals.porcupine += them.us;
  if (cx.us > them.us) totals.slower++;
  if (bare.us > them.us) totals.bareSlower++;
  totals.log += Math.log(them.us / cx.us);
  totals.bareLog += Math.log(them.us / bare.us);
  console.log(
    `${small.name.padEnd(40)} ${String(small.operations.length).padStart(4)} ops ${cx.verdict.padEnd(7)} cx ${bare.us.toFixed(1).padStart(8)} us, suspects read ${cx.us.toFixed(1).padStart(8)} us | porcupine ${them.verdict.padEnd(7)} ${them.us.toFixed(1).padStart(8)} us`,
  );
}
const mean = (log: number): string => Math.exp(log / smalls.length).toFixed(2);
console.log(`\n${smalls.length} histories, ${repeat} checks each, time per check summed: cx ${totals.bare.toFixed(0)} us (suspects read: ${totals.cx.toFixed(0)} us), porcupine ${totals.porcupine.toFixed(0)} us`);
console.log(`geometric mean of porcupine/cx: ${mean(totals.bareLog)} (suspects read: ${mean(totals.log)}); cx slower on ${totals.bareSlower} (suspects read: ${totals.slower})`);
