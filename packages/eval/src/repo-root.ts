import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * The repository root: the nearest folder at or above `from` holding
 * pnpm-workspace.yaml, or null when there is none (an installed package).
 *
 * @example
 * ```ts
 * findRepoRoot(process.cwd()); // the folder of the cx checkout
 * ```
 */
export function findRepoRoot(from: string): string | null {
  let dir = resolve(from);
  for (;;) {
    if (existsSync(join(dir, "pnpm-workspace.yaml"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** Where the linearizability corpus sits inside the repository (@cx/check's test data). */
export const CORPUS_DIR_IN_REPO = "packages/check/test/data/corpus";

/**
 * The linearizability corpus kept in the repository
 * (`packages/check/test/data/corpus`), or null when it is not there (an
 * installed package).
 *
 * @example
 * ```ts
 * findCorpusDir(process.cwd()); // "<checkout>/packages/check/test/data/corpus"
 * ```
 */
export function findCorpusDir(from: string): string | null {
  const root = findRepoRoot(from);
  if (root === null) return null;
  const dir = resolve(root, CORPUS_DIR_IN_REPO);
  return existsSync(join(dir, "manifest.json")) ? dir : null;
}
