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
}

/** The defaults every saved reproduction records explicitly. */
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
};
