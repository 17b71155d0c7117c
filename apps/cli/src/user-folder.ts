import { statSync } from "node:fs";
import { isAbsolute } from "node:path";

/** The root script of a cx checkout that runs the CLI from its sources (`pnpm cx ...`). */
const CHECKOUT_SCRIPT = "cx";

/**
 * Whether this run came through the checkout's `pnpm cx` script from
 * another folder than the one that script runs in: pnpm runs a root script
 * in the workspace root whatever folder it was typed in, and says where it
 * was typed in `INIT_CWD`.
 */
function typedElsewhere(env: NodeJS.ProcessEnv, fromSources: boolean): string | undefined {
  const typedIn = env["INIT_CWD"];
  if (!fromSources || env["npm_lifecycle_event"] !== CHECKOUT_SCRIPT || typedIn === undefined || !isAbsolute(typedIn)) return undefined;
  try {
    return statSync(typedIn).isDirectory() ? typedIn : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The folder whose relative paths the user typed: the one `pnpm cx` was
 * typed in (pnpm's `INIT_CWD`) when cx runs through a checkout's root `cx`
 * script, else the current folder. `pnpm cx hunt --protocol ./src/index.ts`
 * typed in `packages/mine` then means that package's file, not one at the
 * repository root.
 *
 * When to use: once, in the binary's entry point, to `process.chdir` there
 * before anything reads a path. Only the checkout's script is honoured
 * (cx running from its TypeScript sources): a user's own package script
 * that runs an installed cx keeps npm's rule (paths written in the script
 * are the package's).
 *
 * @example
 * ```ts
 * userFolder({ npm_lifecycle_event: "cx", INIT_CWD: "/repo/packages/mine" }, "/repo", true); // "/repo/packages/mine"
 * userFolder({ INIT_CWD: "/elsewhere" }, "/repo", false); // "/repo"
 * ```
 */
export function userFolder(env: NodeJS.ProcessEnv, cwd: string, fromSources: boolean): string {
  return typedElsewhere(env, fromSources) ?? cwd;
}

/**
 * Whether hints should say `pnpm -w cx`: the user typed `pnpm cx` in a
 * folder of the checkout other than its root, where plain `pnpm cx` may
 * not find the script (inside a workspace package pnpm looks for the
 * package's own `cx` script); `-w` runs the root's from anywhere.
 */
export function typedOutsideRoot(env: NodeJS.ProcessEnv, fromSources: boolean): boolean {
  const typedIn = typedElsewhere(env, fromSources);
  const root = env["PNPM_SCRIPT_SRC_DIR"] ?? (env["npm_package_json"] === undefined ? undefined : env["npm_package_json"].replace(/[\\/]package\.json$/, ""));
  return typedIn !== undefined && root !== undefined && typedIn !== root;
}
