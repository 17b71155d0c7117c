import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The committed file that records the default baseline, relative to this package. */
export const BASELINE_FILE = "baseline.json";
/** Where baselines are unpacked and installed, relative to the checkout: ignored, and reused by later runs. */
export const BASELINE_CACHE = join("node_modules", ".cache", "cx-bench-baseline");
/** Written last into a cached baseline: a folder without it is a half-made one and is made again. */
const READY = ".cx-bench-ready";

/** The baseline to compare with: the revision asked for, the commit it names, and who asked. */
export interface Baseline {
  readonly rev: string;
  readonly commit: string;
  readonly from: "CX_BENCH_BASELINE" | typeof BASELINE_FILE;
}

/** A user error (exit code 2): a baseline that is not a commit here, or one that cannot be installed. */
export class BaselineError extends Error {
  readonly tag = "BaselineError";
}

/** Recognises a {@link BaselineError} by its tag, not `instanceof`. */
export function isBaselineError(error: unknown): error is BaselineError {
  return error instanceof Error && (error as Partial<BaselineError>).tag === "BaselineError";
}

function git(root: string, args: readonly string[]): string {
  return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/** This checkout's commit, and whether its tracked files differ from it (what "this build" is). */
export function currentBuild(root: string): { readonly commit: string; readonly modified: boolean } {
  return { commit: git(root, ["rev-parse", "HEAD"]), modified: git(root, ["status", "--porcelain", "--untracked-files=no"]) !== "" };
}

/**
 * The baseline commit: `CX_BENCH_BASELINE` (any revision git knows: a
 * hash, a tag, `HEAD~3`) when set, else the commit in {@link BASELINE_FILE}.
 */
export function resolveBaseline(root: string, packageDir: string, env: NodeJS.ProcessEnv): Baseline {
  const fromEnv = env["CX_BENCH_BASELINE"];
  const from = fromEnv === undefined || fromEnv === "" ? BASELINE_FILE : "CX_BENCH_BASELINE";
  const rev = from === "CX_BENCH_BASELINE" ? (fromEnv as string) : (JSON.parse(readFileSync(join(packageDir, BASELINE_FILE), "utf8")) as { commit: string }).commit;
  try {
    return { rev, commit: git(root, ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`]), from };
  } catch {
    throw new BaselineError(`${from === "CX_BENCH_BASELINE" ? "CX_BENCH_BASELINE" : `tools/bench-guard/${BASELINE_FILE}`} names ${JSON.stringify(rev)}, which is not a commit of this repository (a shallow clone? git fetch --unshallow)`);
  }
}

/**
 * The baseline's checkout, ready to import from: its files from
 * `git archive` (no worktree, nothing added to .git) and its dependencies
 * from `pnpm install --offline --frozen-lockfile` (the store already holds
 * them). Made once per commit, then reused.
 */
export function materialiseBaseline(root: string, commit: string, log: (line: string) => void): string {
  const dir = join(root, BASELINE_CACHE, commit);
  if (existsSync(join(dir, READY))) return dir;
  log(`unpacking baseline ${commit.slice(0, 12)} into ${join(BASELINE_CACHE, commit)}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = `${dir}.tar`;
  try {
    git(root, ["archive", "--format=tar", `--output=${tar}`, commit]);
    execFileSync("tar", ["-xf", tar, "-C", dir], { stdio: ["ignore", "ignore", "inherit"] });
  } finally {
    rmSync(tar, { force: true });
  }
  log("installing the baseline's dependencies (pnpm install --offline --frozen-lockfile)");
  try {
    execFileSync("pnpm", ["install", "--offline", "--frozen-lockfile", "--reporter=append-only"], { cwd: dir, stdio: ["ignore", process.stderr, "inherit"] });
  } catch {
    throw new BaselineError(`could not install the baseline's dependencies in ${join(BASELINE_CACHE, commit)} offline: run \`pnpm install --offline --frozen-lockfile\` there to see why`);
  }
  writeFileSync(join(dir, READY), `${commit}\n`);
  return dir;
}
