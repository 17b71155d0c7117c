import type { RunResult } from "@cx/sim";

/**
 * The parts of a `RunResult` the story and the diagram read. Any
 * `RunResult` is one; a hand-built object works too (tests, other tools).
 *
 * Gotchas: `trace` is empty unless the run was made with `recordTrace: true`;
 * the renderers reject an empty trace rather than draw nothing.
 */
export type RecordedRun = Pick<RunResult<unknown, unknown>, "protocol" | "vocabulary" | "clusterSize" | "trace" | "violation" | "endTime">;
