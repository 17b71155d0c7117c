import type { LoadedProtocol } from "@cx/protocols";
import { GeneratedChoices, ReplayedChoices, type FaultProfile } from "@cx/sim";
import { parseBugList } from "../bug-list.js";
import { ExitCode } from "../exit-codes.js";
import { colors } from "../output.js";
import { readInputText } from "../input-file.js";
import { terminalSafe } from "../terminal-safe.js";
import { UserError } from "../user-error.js";

/** Options of {@link runRun}, as `cx run` parses them. */
export interface RunOptions {
  /** The protocol to run (from `resolveProtocol`). */
  readonly protocol: LoadedProtocol;
  /** Comma-separated defect names (`none` or absent: the correct protocol). */
  readonly bugs?: string;
  /** Seed of the generated choices (default 1, at most 4294967295); ignored with `choices`. */
  readonly seed?: number;
  /** A JSON file holding an array of non-negative integers to replay (`[]` is the all-zeros run). */
  readonly choices?: string;
}

/** What `cx run --json` prints. */
export interface RunReport {
  /** The protocol and its defects, e.g. `raft+vote_twice_in_term`. */
  readonly protocol: string;
  readonly bugs: readonly string[];
  /** The generator's seed, or `null` when choices were replayed from a file. */
  readonly seed: number | null;
  readonly choicesFile: string | null;
  readonly nodes: number;
  readonly profile: FaultProfile;
  readonly simulatedMs: number;
  readonly calmStartedAt: number | null;
  readonly events: number;
  readonly messages: number;
  readonly decisions: number;
  /** The replica monitor's figures; null for a protocol whose monitors do not count them. */
  readonly commitIndex: number | null;
  readonly commits: number | null;
  readonly leaderChanges: number | null;
  readonly elections: number | null;
  /** Everything the protocol's monitors counted. */
  readonly figures: Readonly<Record<string, number>>;
  readonly operations: { readonly total: number; readonly answered: number };
  readonly violation: { readonly invariant: string; readonly message: string; readonly time: number; readonly step: number } | null;
  /** The choices the run consumed: `cx run --choices` on them replays it. */
  readonly choices: readonly number[];
}

/**
 * Reads a choices file: a JSON array of non-negative integers.
 * Anything else is a {@link UserError} saying what was expected and what was found.
 */
export function readChoicesFile(path: string): number[] {
  const text = readInputText(path, "--choices: a JSON array of non-negative integers");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UserError(`--choices: ${path} is not JSON; expected an array of non-negative integers such as [0, 3, 1], found ${JSON.stringify(text.slice(0, 40))}`);
  }
  if (!Array.isArray(value)) throw new UserError(`--choices: ${path} must hold a JSON array of non-negative integers, found ${value === null ? "null" : typeof value}`);
  // The same bound as a reproduction file's choices: a safe integer, so 1e20 or 2^53 is refused rather than rounded.
  const bad = value.findIndex((v) => typeof v !== "number" || !Number.isSafeInteger(v) || v < 0);
  if (bad >= 0) {
    const found = value[bad];
    const why = typeof found === "number" && Number.isInteger(found) && found > Number.MAX_SAFE_INTEGER ? ` (above ${Number.MAX_SAFE_INTEGER}, the largest exact integer)` : "";
    throw new UserError(`--choices: ${path}: element ${bad} must be a non-negative integer, found ${describeElement(found)}${why}`);
  }
  return value as number[];
}

/** A short description of a bad element; never recurses (an array nested 10,000 deep must not overflow the stack). */
function describeElement(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  return String(value);
}

function describeProfile(p: FaultProfile): string {
  const parts = [
    p.dropPercent > 0 ? `drop ${p.dropPercent}%` : "",
    p.duplicatePercent > 0 ? `duplicate ${p.duplicatePercent}%` : "",
    p.delaySpreadMs > 0 ? `delay +0..${p.delaySpreadMs} ms` : "",
    p.crashPercent > 0 ? `crash ${p.crashPercent}%/tick` : "",
    p.partitionPercent > 0 ? `partition ${p.partitionPercent}%/tick` : "",
  ].filter((s) => s !== "");
  return parts.length === 0 ? "no faults" : parts.join(", ");
}

/** One run of a protocol from a seed or a choices file: the report, its text, and the exit code (0 none, 1 violation). */
export function runRun(options: RunOptions): { exitCode: ExitCode; report: RunReport; text: string } {
  const { plugin } = options.protocol;
  const bugs = parseBugList(options.bugs ?? "none", plugin);
  const replayed = options.choices === undefined ? undefined : readChoicesFile(options.choices);
  const seed = options.seed ?? 1;
  const run = plugin.run({ defects: bugs, choices: replayed === undefined ? new GeneratedChoices(seed) : new ReplayedChoices(replayed) });
  const figure = (name: string): number | null => run.figures[name] ?? null;
  const answered = run.history.filter((op) => op.return !== null).length;
  const v = run.violation;
  const report: RunReport = {
    protocol: run.protocol,
    bugs,
    seed: replayed === undefined ? seed : null,
    choicesFile: options.choices ?? null,
    nodes: run.clusterSize,
    profile: run.profile,
    simulatedMs: run.endTime,
    calmStartedAt: run.calmStartedAt,
    events: run.counters.events,
    messages: run.counters.messages,
    decisions: run.counters.decisions,
    commitIndex: figure("commitIndex"),
    commits: figure("commits"),
    leaderChanges: figure("leaderChanges"),
    elections: figure("elections"),
    figures: run.figures,
    operations: { total: run.history.length, answered },
    violation: v === null ? null : { invariant: v.invariant, message: v.message, time: v.time, step: v.step },
    choices: run.choices,
  };
  const source = replayed === undefined ? `seed ${seed}` : `choices from ${terminalSafe(options.choices ?? "")} (${replayed.length} values)`;
  const text = [
    `${run.protocol}: ${run.clusterSize} nodes, ${source}`,
    `  ${describeProfile(run.profile)}`,
    `  simulated ${run.endTime} ms: ${run.counters.events} events, ${run.counters.messages} messages, ${run.counters.decisions} decisions`,
    `  ${describeFigures(run.figures)}${Object.keys(run.figures).length === 0 ? "" : ", "}${answered}/${run.history.length} client operations answered`,
    v === null ? `  violation: ${colors.green("none")}` : `  violation: ${colors.red(v.invariant)} at ${v.time} ms (step ${v.step}): ${v.message}`,
  ].join("\n");
  return { exitCode: v === null ? ExitCode.ok : ExitCode.violation, report, text };
}

function describeFigures(figures: Readonly<Record<string, number>>): string {
  const { commitIndex, commits, leaderChanges } = figures;
  if (commitIndex !== undefined && commits !== undefined && leaderChanges !== undefined) {
    return `commit index ${commitIndex} (${commits} commits), ${leaderChanges} leader change${leaderChanges === 1 ? "" : "s"}`;
  }
  return Object.entries(figures)
    .map(([name, value]) => `${name} ${value}`)
    .join(", ");
}
