import { MAX_SIMULATED_MS } from "./scenario-bounds.js";

/**
 * Hard caps on one run, beyond which it ends with a {@link RunLimitError}
 * instead of growing until memory runs out. They are counted in events and
 * simulated milliseconds, never in seconds, so a run that hits one hits it
 * on every machine.
 */
export interface RunLimits {
  /** Most events one run may dispatch. */
  readonly maxEvents: number;
  /** Latest simulated time an event may happen at. */
  readonly maxSimulatedMs: number;
  /** Most events in a row at one instant: a protocol rescheduling itself with no delay would otherwise loop forever. */
  readonly maxEventsPerInstant: number;
}

/**
 * The caps every run gets unless its spec says otherwise. A default Raft
 * run dispatches a few thousand events; the largest scenario the bounds
 * allow (16 clients x 100 operations over two simulated minutes) about
 * 35,000, far under `maxEvents`.
 */
export const defaultRunLimits: RunLimits = {
  maxEvents: 1_000_000,
  maxSimulatedMs: MAX_SIMULATED_MS,
  maxEventsPerInstant: 100_000,
};

/** Which cap a run hit. */
export type RunLimitKind = "events" | "simulated-time" | "stalled-clock";

/**
 * Thrown by `runScenario` when a run hits one of its {@link RunLimits}.
 * Recognise it with {@link isRunLimitError}. It means the protocol or the
 * options make runs unbounded, not that a property failed.
 *
 * @example
 * ```ts
 * try { runScenario(spec); } catch (e) { if (isRunLimitError(e)) console.error(e.limit, e.message); }
 * ```
 */
export class RunLimitError extends Error {
  readonly _tag = "RunLimitError";
  constructor(
    readonly limit: RunLimitKind,
    readonly time: number,
    readonly events: number,
  ) {
    super(limitMessage(limit, time, events));
    this.name = "RunLimitError";
  }
}

/**
 * Is this a {@link RunLimitError}?
 *
 * @example
 * ```ts
 * if (isRunLimitError(error)) process.exitCode = 2;
 * ```
 */
export function isRunLimitError(error: unknown): error is RunLimitError {
  return typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "RunLimitError";
}

function limitMessage(limit: RunLimitKind, time: number, events: number): string {
  switch (limit) {
    case "events":
      return `the run was stopped after ${events} events (at ${time} simulated ms): more than a run may dispatch`;
    case "simulated-time":
      return `the run was stopped at ${time} simulated ms (after ${events} events): later than a run may last`;
    case "stalled-clock":
      return `the run was stopped at ${time} simulated ms (after ${events} events): too many events in a row without the clock advancing (something reschedules itself with no delay)`;
  }
}
