/** The largest cluster a scenario may fix: beyond it, the failures worth finding need no more nodes, and every run gets slower. */
export const CLUSTER_SIZE_MAX = 9;

/**
 * The knobs of a scenario that are not drawn from the choices. They are
 * saved in every reproduction file, so changing a default never changes
 * what an old file replays.
 */
export interface ScenarioOptions {
  /**
   * Fix the cluster size, from 1 to {@link CLUSTER_SIZE_MAX}, instead of
   * drawing it (0 draws 3, anything else 5): a single server, a coordinator
   * with its participants, a chain of any length.
   */
  readonly clusterSize?: number;
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
   * and idle gaps, each at level 0 as before. 2: the same, then two more
   * levels: a nemesis that strikes the node a client request just reached
   * (cuts it off or crashes it), and partitions that also lose the
   * messages in flight across them. 0: none of them, and no draws, as in
   * every run saved before this option existed (a file saved with 1 keeps
   * its layout too).
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
  /**
   * The bound on each node's clock drift, in parts per million (10,000 is
   * 1%). Above 0, every node gets its own clock, drawn from the choices
   * after the swarm profile (see `drawClockProfile`): an offset of up to
   * the bound times 64 s (what a clock synced by NTP a poll ago may be off
   * by) and a drift within the bound, fast or slow, both 0 at draw 0. A
   * node's `now()` reads its clock and its timers count on it (a timer of
   * d ms on a clock running fast by r fires after d / (1 + r) world ms). A
   * protocol that assumes drift within a bound (leases) is tested inside
   * its assumption with the bound it assumes, outside it with a larger one.
   * 0: every clock is the world's, and nothing is drawn, as in every run
   * saved before this option existed.
   */
  readonly clockDriftPpm: number;
  /**
   * 1: clocks also jump, forward or back, by 10 ms to 1 s at fault-clock
   * ticks (a chance per tick drawn with the clocks, then three draws per
   * tick): an out-of-model fault, as an operator or a bad time sync sets a
   * clock. A jump changes what `now()` reads from then on, not when pending
   * timers fire. 0: no jumps and no draws, as in every run saved before
   * this option existed.
   */
  readonly clockJumps: number;
  /**
   * 1: the disk can fail a node at its restart, beyond losing what was not
   * synced: what it had synced reads back corrupt (the storage layer's
   * checksum catches it) or cannot be read at all (a latent read error),
   * drawn at each restart of a node that had synced something (one draw,
   * 0 = intact). Either way the node starts as if its disk were blank, and
   * `NodeContext.storageFault()` tells it why. An out-of-model fault, as
   * TigerBeetle's storage faults are: the correct protocols here are not
   * designed to survive it, and docs/concepts/world.md says which properties they lose.
   * 0: a disk keeps what was synced, and nothing is drawn, as in every run
   * saved before this option existed.
   */
  readonly diskFaults: number;
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
  clockDriftPpm: 0,
  clockJumps: 0,
  diskFaults: 0,
};

/**
 * What a hunt sets over a protocol's own scenario: the behaviours gated by
 * an option so that older files replay unchanged (the drawn horizon, the
 * swarm profile with the nemesis, the clients' steady cadence), and a fault phase twice the default's
 * (4 s) for the horizon to draw from. Deep failures need a chain of leader
 * changes, and each chain needs time: the longer phase doubled how often a
 * random run breaks Raft's Figure 8 (commit_any_term: 0.25% to 0.5% of runs),
 * while a shrunk counterexample stays short because the horizon is drawn (0
 * is the shortest useful run).
 *
 * When to use: spread it over a plug-in's `scenario` for every new hunt,
 * trust run and experiment (`{ ...plugin.scenario, ...huntScenarioOverrides }`);
 * record the result in the repro file with the choices.
 *
 * @example
 * ```ts
 * const options = { ...protocolPlugin.scenario, ...huntScenarioOverrides };
 * ```
 */
export const huntScenarioOverrides = { drawnHorizon: 1, swarm: 2, clientCadence: 1, faultPhaseMs: 4000 } as const satisfies Partial<ScenarioOptions>;

/**
 * What a new hunt runs and records with the default scenario: the defaults
 * with {@link huntScenarioOverrides}. Record these options in the repro file
 * with the choices.
 *
 * @example
 * ```ts
 * const result = runScenario({ protocol, workload: registerWorkload, choices, options: huntScenarioOptions });
 * ```
 */
export const huntScenarioOptions: ScenarioOptions = { ...defaultScenarioOptions, ...huntScenarioOverrides };
