import type { ScenarioOptions } from "../scenario/options.js";

/**
 * When the clients' operations fall: what one run's clients pace themselves
 * by. Built once per run by {@link clientCadence} from the scenario as given
 * and the timing the run actually got (the drawn horizon).
 */
export interface ClientCadence {
  /** The fault phase the operations are spread over (each client's k-th operation is due at `clientStartMs + k * phaseMs / ops`). */
  readonly phaseMs: number;
  /** When the calm phase begins (the run's own fault phase). */
  readonly calmAtMs: number;
  /** True: an operation due after `calmAtMs` starts as soon as the calm phase does, and the next follows at once. */
  readonly hurryInCalm: boolean;
}

/**
 * The cadence of a run's clients. With the scenario option `clientCadence`
 * 1, operations keep the spacing of the scenario's full fault phase whatever
 * horizon the run drew, and those due after the fault phase ends run back to
 * back as soon as the calm phase starts; with 0 (every file saved before the
 * option existed) they are spread over the run's own fault phase.
 *
 * Why: with the spacing tied to the drawn horizon, a shorter fault phase
 * moved every client operation, so two finds of one defect with different
 * horizons shrank to minima of different runs. With a fixed cadence,
 * cutting the horizon only ends the fault phase sooner: everything before
 * the new calm phase is the same run, and the shrinker can cut a run's tail
 * without touching what made it fail.
 *
 * @example
 * ```ts
 * const cadence = clientCadence(huntScenarioOptions, { ...huntScenarioOptions, faultPhaseMs: 200 });
 * cadence.phaseMs; // 2000: the scenario's, not the drawn 200
 * ```
 */
export function clientCadence(scenario: ScenarioOptions, timing: ScenarioOptions): ClientCadence {
  if (scenario.clientCadence !== 1) return { phaseMs: timing.faultPhaseMs, calmAtMs: timing.faultPhaseMs, hurryInCalm: false };
  return { phaseMs: scenario.faultPhaseMs, calmAtMs: timing.faultPhaseMs, hurryInCalm: true };
}

/**
 * When a client's next operation is due, before any drawn pause: `seq`
 * operations done of `ops`, now `nowMs`, operations spread over the
 * cadence's phase from `startMs`.
 *
 * @example
 * ```ts
 * nextOperationAt({ phaseMs: 2000, calmAtMs: 200, hurryInCalm: true }, { nowMs: 210, startMs: 200, seq: 1, ops: 5 }); // 211: the calm phase has begun
 * ```
 */
export function nextOperationAt(cadence: ClientCadence, at: { readonly nowMs: number; readonly startMs: number; readonly seq: number; readonly ops: number }): number {
  const spacing = Math.floor(cadence.phaseMs / Math.max(1, at.ops));
  const due = at.startMs + at.seq * spacing;
  // Past the fault phase there is nothing to wait for: the calm phase only finishes the clients' work.
  const capped = cadence.hurryInCalm ? Math.min(due, cadence.calmAtMs) : due;
  return Math.max(at.nowMs + 1, capped);
}
