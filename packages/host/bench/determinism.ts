/**
 * Determinism at scale for hosted code: for each plug-in module given (the
 * host's primary-copy fixture by default), N seeds' trace hashes computed
 * twice in this process, once in a worker thread and once in a second
 * process; prints and writes the number of divergences
 * (results/host-determinism.json), after every chunk of seeds; a run of the
 * same plan that was stopped early resumes after its last chunk.
 *
 *   pnpm --filter @cx/host exec tsx --conditions=@cx/source bench/determinism.ts [SEEDS] [MODULE...]
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import writeFileAtomic from "write-file-atomic";
import { findProtocolPlugin } from "@cx/sim";
import { hashInProcess, hashInWorker, traceHashes } from "@cx/vitest";

const seedCount = Number(process.argv[2] ?? 10_000);
if (!Number.isSafeInteger(seedCount) || seedCount < 1) throw new Error(`SEEDS: expected a positive integer, got ${process.argv[2]}`);
const modules = process.argv.length > 3 ? process.argv.slice(3).map((m) => pathToFileURL(resolve(m)).href) : [new URL("../test/fixtures/primary-copy-plugin.ts", import.meta.url).href];
const CHUNK = 500;
const COMPARED_IN = ["this process (twice)", "a worker thread", "a second process"];

const out = resolve(import.meta.dirname, "../../../results/host-determinism.json");
type Row = { readonly protocol: string; readonly seeds: number; readonly planned: number; readonly comparedIn: readonly string[]; readonly divergences: number; readonly examples: readonly string[]; readonly wallSeconds: number };
/** Rows of earlier runs for other protocols are kept: each protocol's row is written as soon as it is known. */
const rows: Row[] = existsSync(out) ? (JSON.parse(readFileSync(out, "utf8")) as { rows: Row[] }).rows : [];
function save(row: Row): void {
  const at = rows.findIndex((r) => r.protocol === row.protocol);
  if (at >= 0) rows[at] = row;
  else rows.push(row);
  mkdirSync(dirname(out), { recursive: true });
  writeFileAtomic.sync(out, `${JSON.stringify({ benchmark: "host-determinism", node: process.version, rows }, null, 2)}\n`);
}
for (const module of modules) {
  const found = findProtocolPlugin(await import(module));
  if (!found.ok) throw new Error(`${module}: ${found.errors.join("; ")}`);
  const plugin = found.plugin;
  const started = process.hrtime.bigint();
  // A run of the same plan stopped early is resumed where it stopped: its seeds, divergences and time carry over.
  const earlier = rows.find((r) => r.protocol === plugin.name && r.planned === seedCount && r.seeds < seedCount);
  let divergences = earlier?.divergences ?? 0;
  const examples: string[] = [...(earlier?.examples ?? [])];
  const earlierSeconds = earlier?.wallSeconds ?? 0;
  if (earlier !== undefined) process.stderr.write(`${plugin.name}: resuming after seed ${earlier.seeds} of ${seedCount}\n`);
  for (let first = (earlier?.seeds ?? 0) + 1; first <= seedCount; first += CHUNK) {
    const seeds = Array.from({ length: Math.min(CHUNK, seedCount - first + 1) }, (_, i) => first + i);
    const request = { seeds, defects: [] };
    const [worker, child] = await Promise.all([hashInWorker(module, request), hashInProcess(module, request)]);
    const here = traceHashes(plugin, request);
    const again = traceHashes(plugin, request);
    seeds.forEach((seed, i) => {
      const all = [here[i], again[i], worker.hashes[i], child.hashes[i]];
      if (new Set(all).size !== 1) {
        divergences += 1;
        if (examples.length < 5) examples.push(`seed ${seed}: ${all.join(" ")}`);
      }
    });
    const done = first + seeds.length - 1;
    process.stderr.write(`${plugin.name}: ${done}/${seedCount} seeds, ${divergences} divergences\n`);
    // Every chunk is written as soon as it is known: a run stopped early still says how far it got (seeds < planned).
    save({ protocol: plugin.name, seeds: done, planned: seedCount, comparedIn: COMPARED_IN, divergences, examples, wallSeconds: earlierSeconds + Math.round(Number(process.hrtime.bigint() - started) / 1e9) });
  }
  const seconds = earlierSeconds + Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`${plugin.name}: ${seedCount} seeds, hashed twice here, in a worker and in a second process: ${divergences} divergences (${Math.round(seconds)} s wall); wrote ${out}`);
}
