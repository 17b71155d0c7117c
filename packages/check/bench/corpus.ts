import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseHistory } from "../src/index.js";
import type { ParsedHistory } from "../src/index.js";

/** One corpus entry from manifest.json, with its parsed history. */
export interface CorpusHistory {
  readonly file: string;
  readonly model: "register" | "kv";
  readonly expected: "ok" | "illegal";
  readonly porcupineMs: number;
  readonly history: Extract<ParsedHistory, { ok: true }>;
}

/** The repository root: the nearest folder above `from` holding pnpm-workspace.yaml. */
export function repoRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, "pnpm-workspace.yaml"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no pnpm-workspace.yaml above ${from}`);
    dir = parent;
  }
  return dir;
}

/** The corpus folder, kept in the repository as @cx/check's test data. */
export function corpusDir(from: string): string {
  return resolve(repoRoot(from), "packages", "check", "test", "data", "corpus");
}

interface ManifestEntry {
  readonly file: string;
  readonly model: "register" | "kv";
  readonly expected: "Ok" | "Illegal";
  readonly porcupine_ms: number;
}

/** Loads and parses every history listed in the corpus manifest. */
export function loadCorpus(from: string): CorpusHistory[] {
  const dir = corpusDir(from);
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as { histories: ManifestEntry[] };
  return manifest.histories.map((entry) => {
    const history = parseHistory(readFileSync(join(dir, entry.file), "utf8"), { model: entry.model });
    if (!history.ok) throw new Error(`${entry.file}: ${JSON.stringify(history.errors.slice(0, 3))}`);
    return { file: entry.file, model: entry.model, expected: entry.expected === "Ok" ? "ok" : "illegal", porcupineMs: entry.porcupine_ms, history };
  });
}
