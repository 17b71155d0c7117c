/** What the replay commands need: paths as the person will type them (relative to where they run vitest). */
export interface ReplayCommandSpec {
  readonly reproPath: string;
  readonly testFile: string;
  /** The test's full name, its describe blocks first, joined by spaces (what vitest's `-t` matches). */
  readonly testName: string;
  readonly protocol: string;
}

/** The two commands that replay a saved schedule. */
export interface ReplayCommands {
  /** This test again, on the saved schedule: `CX_REPLAY=<path> npx vitest run <file> -t "<name>"`. */
  readonly vitest: string;
  /** The CLI, through npx as the vitest command is (inside a project `cx` is not on the PATH): `npx cx replay <path> --protocol <name>`. */
  readonly cli: string;
}

const PLAIN = /^[A-Za-z0-9_/.:=@%+,-]+$/;

/** A word for a POSIX shell: bare when safe, else double-quoted when that is exact, else single-quoted. */
export function shellWord(text: string): string {
  if (PLAIN.test(text)) return text;
  if (!/["$`\\!]/.test(text)) return `"${text}"`;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** `-t` takes a regular expression: escape what a test name may contain that means something there. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The exact commands that replay a saved schedule: the vitest run of this
 * one test with `CX_REPLAY` set, and `npx cx replay`.
 *
 * @example
 * ```ts
 * replayCommands({ reproPath: "test/__cx__/raft.repro.json", testFile: "test/raft.test.ts", testName: "raft holds", protocol: "raft" }).vitest;
 * // 'CX_REPLAY=test/__cx__/raft.repro.json npx vitest run test/raft.test.ts -t "raft holds"'
 * ```
 */
export function replayCommands(spec: ReplayCommandSpec): ReplayCommands {
  const path = shellWord(spec.reproPath);
  return {
    vitest: `CX_REPLAY=${path} npx vitest run ${shellWord(spec.testFile)} -t ${shellWord(escapeRegExp(spec.testName))}`,
    cli: `npx cx replay ${path} --protocol ${shellWord(spec.protocol)}`,
  };
}
