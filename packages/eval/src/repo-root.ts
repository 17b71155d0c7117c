import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * The repository root: the nearest folder at or above `from` holding
 * pnpm-workspace.yaml, or null when there is none (an installed package).
 *
 * @example
 * ```ts
 * findRepoRoot(process.cwd()); // "/work/main"
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

/**
 * The shared linearizability corpus, `<repo>/../shared/corpus`, or null when
 * it is not there.
 *
 * @example
 * ```ts
 * findCorpusDir(process.cwd()); // "/work/shared/corpus"
 * ```
 */
export function findCorpusDir(from: string): string | null {
  const root = findRepoRoot(from);
  if (root === null) return null;
  const dir = resolve(root, "..", "shared", "corpus");
  return existsSync(join(dir, "manifest.json")) ? dir : null;
}
