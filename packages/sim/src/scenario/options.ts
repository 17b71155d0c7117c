/**
 * The knobs of a scenario that are not drawn from the choices. They are
 * saved in every reproduction file, so changing a default never changes
 * what an old file replays.
 */
export interface ScenarioOptions {
  /** Fix the cluster size instead of drawing it (0 draws 3, anything else 5). */
  readonly clusterSize?: 3 | 5;
  /** Number of clients, each issuing operations one at a time. */
  readonly clients: number;
  /** Operations each client issues over the run. */
  readonly opsPerClient: number;
  /** When clients start (leaves room for the first election). */
  readonly clientStartMs: number;
  /** How long a client waits for an answer before it retries elsewhere. */
  readonly clientTimeoutMs: number;
  /** Timeouts per operation before the client gives up (the operation is then indeterminate); redirects do not count. */
  readonly clientAttempts: number;
  /** Length of the fault phase: faults happen only before this time. */
  readonly faultPhaseMs: number;
  /** Period of the fault clock: at each tick a crash and a partition may be drawn. */
  readonly faultTickMs: number;
  /** Shortest time the calm phase lasts (it ends early once every client is done, after this). */
  readonly calmMinMs: number;
  /** Longest time the calm phase lasts. */
  readonly calmMaxMs: number;
  /** Fixed part of every message's delay. */
  readonly messageDelayMsMin: number;
  /**
   * 1: the run's horizon is drawn from the choices (see `drawHorizon`), 0
   * the shortest useful run, so a shrunk counterexample stops soon after
   * its failure; `faultPhaseMs` and `calmMinMs` become the longest the
   * draws allow. 0: both are fixed, as in every run saved before this
   * option existed (a file without it replays as it always did).
   */
  readonly drawnHorizon: number;
  /**
   * 1: a swarm profile is drawn from the choices after the horizon (see
   * `drawSwarmProfile`): long-held messages, partitions that change shape,
   * faults off the fault clock's grid, more clients and operations, bursts
   * and idle gaps, each at level 0 as before. 0: none of them, and no draws,
   * as in every run saved before this option existed.
   */
  readonly swarm: number;
  /**
   * 1: client operations keep the spacing of the full `faultPhaseMs`
   * whatever horizon the run drew, and those due after the fault phase run
   * back to back once the calm phase begins (see `clientCadence`), so
   * cutting the horizon keeps everything before the new calm phase. 0: they
   * are spread over the run's own fault phase, as in every run saved before
   * this option existed.
   */
  readonly clientCadence: number;
}

/** The defaults every saved reproduction records explicitly; an option missing from a file takes its value here. */
export const defaultScenarioOptions: ScenarioOptions = {
  clients: 3,
  opsPerClient: 5,
  clientStartMs: 200,
  clientTimeoutMs: 250,
  clientAttempts: 4,
  faultPhaseMs: 2000,
  faultTickMs: 100,
  calmMinMs: 500,
  calmMaxMs: 3000,
  messageDelayMsMin: 1,
  drawnHorizon: 0,
  swarm: 0,
  clientCadence: 0,
};

/**
 * Only the options a new hunt switches on over a protocol's own scenario,
 * each a behaviour gated so that older files replay unchanged (the drawn
 * horizon, the swarm profile, the clients' steady cadence): what a caller
 * spreads over `plugin.scenario`, so a gate added later reaches every hunt
 * without another edit.
 *
 * @example
 * ```ts
 * const options = { ...plugin.scenario, ...huntScenarioGates };
 * ```
 */
export const huntScenarioGates: Readonly<Pick<ScenarioOptions, "drawnHorizon" | "swarm" | "clientCadence">> = { drawnHorizon: 1, swarm: 1, clientCadence: 1 };

/**
 * What a new hunt runs and records: the defaults plus every behaviour that
 * is gated by an option so that older files replay unchanged
 * ({@link huntScenarioGates}). Record these options in the repro file with the choices.
 *
 * @example
 * ```ts
 * const result = runScenario({ protocol, workload: registerWorkload, choices, options: huntScenarioOptions });
 * ```
 */
export const huntScenarioOptions: ScenarioOptions = { ...defaultScenarioOptions, ...huntScenarioGates };
