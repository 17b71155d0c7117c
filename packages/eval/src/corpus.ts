import { readFileSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import { findRepoRoot } from "./repo-root.js";
import type { CorpusRecord, CorpusResults } from "./results.js";
import type { CorpusOutput, CorpusTask } from "./tasks.js";

/** One history of the corpus manifest, and the task that checks it. */
export interface CorpusEntry {
  readonly file: string;
  readonly model: "register" | "kv";
  readonly ops: number;
  readonly expected: "ok" | "illegal";
  readonly porcupineMs: number;
  readonly task: CorpusTask;
}

interface ManifestEntry {
  readonly file: string;
  readonly model: "register" | "kv";
  readonly ops: number;
  readonly expected: "Ok" | "Illegal";
  readonly porcupine_ms: number;
}

/**
 * The histories of the corpus in `dir` (its manifest.json), each with the
 * task that checks it within `budgetSteps`.
 *
 * @example
 * ```ts
 * const entries = corpusTasks(findCorpusDir(process.cwd()) ?? "corpus", 5_000_000);
 * ```
 */
export function corpusTasks(dir: string, budgetSteps: number): CorpusEntry[] {
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as { histories: ManifestEntry[] };
  return manifest.histories.map((entry) => ({
    file: entry.file,
    model: entry.model,
    ops: entry.ops,
    expected: entry.expected === "Ok" ? "ok" : "illegal",
    porcupineMs: entry.porcupine_ms,
    task: { kind: "corpus", path: join(dir, entry.file), model: entry.model, budgetSteps },
  }));
}

/**
 * Totals of a corpus check: verdicts against the expected ones, our time
 * against Porcupine's recorded `porcupine_ms`, over all histories and over
 * those we decided (unknown ones ran out of budget and only bound our time).
 *
 * @example
 * ```ts
 * const corpus = buildCorpusResults({ dir, budgetSteps, entries, outputs });
 * corpus.ratioToPorcupine; // our ms / Porcupine's ms over decided histories
 * ```
 */
export function buildCorpusResults(input: {
  readonly dir: string;
  readonly budgetSteps: number;
  readonly entries: readonly CorpusEntry[];
  readonly outputs: readonly CorpusOutput[];
}): CorpusResults {
  const { dir, budgetSteps, entries, outputs } = input;
  const records: CorpusRecord[] = entries.map((entry, i) => {
    const out = outputs[i] as CorpusOutput;
    return { file: entry.file, model: entry.model, ops: entry.ops, expected: entry.expected, verdict: out.verdict, ms: out.ms, porcupineMs: entry.porcupineMs, steps: out.steps };
  });
  const decided = records.filter((r) => r.verdict !== "unknown");
  const sum = (list: readonly CorpusRecord[], pick: (r: CorpusRecord) => number) => list.reduce((n, r) => n + pick(r), 0);
  const decidedMs = sum(decided, (r) => r.ms);
  const decidedPorcupineMs = sum(decided, (r) => r.porcupineMs);
  return {
    directory: repositoryRelative(dir),
    histories: records.length,
    matched: decided.filter((r) => r.verdict === r.expected).length,
    mismatched: decided.filter((r) => r.verdict !== r.expected).length,
    unknown: records.length - decided.length,
    budgetSteps,
    totalMs: sum(records, (r) => r.ms),
    porcupineTotalMs: sum(records, (r) => r.porcupineMs),
    decidedMs,
    decidedPorcupineMs,
    ratioToPorcupine: decidedPorcupineMs > 0 ? decidedMs / decidedPorcupineMs : Number.NaN,
    records,
  };
}

/** A path as results record it: relative to the repository when inside it, so no machine's layout is written down. */
function repositoryRelative(path: string): string {
  const root = findRepoRoot(path);
  if (root === null) return path;
  const inside = relative(root, path);
  return inside === "" || inside.startsWith("..") || isAbsolute(inside) ? path : inside.split("\\").join("/");
}
