import { GeneratedChoices, hashTrace, isRunLimitError, type ProtocolPlugin } from "@cx/sim";

/** Which runs to hash: one generated run per seed, with these defects. */
export interface TraceHashRequest {
  readonly seeds: readonly number[];
  readonly defects: readonly string[];
}

/**
 * The trace hash of each seed's generated run: what the determinism checks
 * compare between two runs, two threads or two machines.
 */
export function traceHashes(plugin: ProtocolPlugin, request: TraceHashRequest): string[] {
  return request.seeds.map((seed) => {
    try {
      return hashTrace(plugin.run({ defects: request.defects, choices: new GeneratedChoices(seed), recordTrace: true }).trace);
    } catch (error) {
      // A run a run limit stopped is compared by where it stopped: a storm must be as deterministic as any run.
      if (isRunLimitError(error)) return `runaway:${error.limit}:${error.events}:${error.time}`;
      throw error;
    }
  });
}
