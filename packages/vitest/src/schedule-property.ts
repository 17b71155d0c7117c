import type { ProtocolPlugin } from "@cx/sim";
import type { TestContext } from "vitest";
import { runScheduleProperty, type ScheduleTestIdentity } from "./run-schedule-property.js";
import { resolveScheduleOptions, type SchedulePropertyOptions } from "./schedule-options.js";

/** The environment variable that replays a saved reproduction instead of searching. */
export const REPLAY_ENV = "CX_REPLAY";

type TaskLike = { readonly name: string; readonly suite?: TaskLike | undefined; readonly filepath?: string };

/** The test's full name as vitest's `-t` matches it: its describe blocks, then its own name, joined by spaces (the file is not part of it). */
function fullName(task: TestContext["task"]): string {
  const names = [task.name];
  for (let suite: TaskLike | undefined = task.suite; suite !== undefined && suite.filepath === undefined; suite = suite.suite) {
    if (suite.name !== "") names.unshift(suite.name);
  }
  return names.join(" ");
}

/** Which test is running, from vitest's context. */
export function testIdentity(context: Pick<TestContext, "task">): ScheduleTestIdentity {
  return { file: context.task.file.filepath, name: fullName(context.task) };
}

/**
 * A property over schedules, as a vitest test function: it hunts the
 * plug-in's protocol (with `defects` switched on) for a schedule of delays,
 * drops, crashes and partitions that breaks a property, within `budget`
 * runs from `seed`. It passes when none does. On a violation it shrinks the
 * schedule, saves the reproduction beside the test file
 * (`__cx__/<test name>.repro.json`, or `saveTo`), and fails the test with
 * the violation, the numbered story of the shrunk run, its choices and the
 * commands that replay it.
 *
 * When to use: in your protocol's tests, `test(name, scheduleProperty(plugin, options))`,
 * as @fast-check/vitest's `test.prop` is used for values.
 *
 * Replaying: `CX_REPLAY=<file> npx vitest run <test file> -t "<name>"` (or
 * the `replay` option) replays the saved schedule instead of searching: the
 * test fails the same way while the schedule still breaks the protocol, and
 * passes with a note (a test annotation) once it no longer does.
 *
 * Gotchas: hunting and shrinking take seconds; give the test a timeout
 * (`test(name, fn, 60_000)`). Options are checked when the test is
 * declared, so a misspelt defect fails at once, naming the field.
 * `CX_REPLAY` applies to every schedule property that runs: select the test
 * with `-t`.
 *
 * @example
 * ```ts
 * // With scheduleProperty imported from this package and protocolPlugin from a protocol package (@cx/raft's):
 * test("raft keeps its promises under 100 hostile schedules", scheduleProperty(protocolPlugin, { budget: 100, seed: 1 }), 60_000);
 * ```
 */
export function scheduleProperty(plugin: ProtocolPlugin, options: SchedulePropertyOptions = {}): (context: TestContext) => Promise<void> {
  const resolved = resolveScheduleOptions(plugin, options);
  return async (context) => {
    const verdict = runScheduleProperty(plugin, { options: resolved, test: testIdentity(context), env: { cwd: process.cwd(), replay: process.env[REPLAY_ENV] } });
    if (!verdict.passed) throw verdict.failure;
    await context.annotate(verdict.note, "cx");
  };
}
