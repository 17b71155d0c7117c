import { terminalSafe } from "./terminal-safe.js";

/**
 * The words a user types to run cx, in the way they ran this one: `pnpm cx`
 * from a clone (where no `cx` is on the PATH; it works in any folder of
 * the clone), `npx cx` or `pnpm exec cx` when run through a package
 * manager, else `cx`. Hints cx prints ("replay with: ...") use it so that
 * they can be pasted as they are.
 */
export function cxInvocation(env: NodeJS.ProcessEnv = process.env, moduleUrl: string = import.meta.url): string {
  // Running from the TypeScript sources means a clone, where the root's `cx` bin (tools/cx-from-source) is the way in.
  if (/\.[cm]?ts$/.test(new URL(moduleUrl).pathname)) return "pnpm cx";
  const agent = env["npm_config_user_agent"] ?? "";
  if (agent.startsWith("pnpm/")) return "pnpm exec cx";
  if (agent.startsWith("yarn/")) return "yarn cx";
  if (agent.startsWith("npm/") || env["npm_command"] === "exec") return "npx cx";
  return "cx";
}

/** A word as a POSIX shell reads it back unchanged: bare when it is plain, else single-quoted. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * A cx command line to paste: the invocation, then the arguments quoted for
 * a shell, made terminal-safe (a control character in a path is shown
 * escaped, never sent to the terminal).
 *
 * @example
 * ```ts
 * cxCommand(["replay", "my repro.json"]); // "pnpm cx replay 'my repro.json'" from a clone
 * ```
 */
export function cxCommand(args: readonly string[]): string {
  return terminalSafe([cxInvocation(), ...args.map(shellWord)].join(" "));
}
