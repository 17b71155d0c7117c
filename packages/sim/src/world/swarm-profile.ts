import type { ChoiceSource } from "../choices/choice-source.js";
import type { FaultProfile } from "./fault-profile.js";

/** The label of the span holding the swarm profile's draws. */
export const SWARM_SPAN = "swarm profile";

/**
 * Which of the world's rarer behaviours a run switches on, and how strongly
 * (swarm testing, Groce et al. 2012: each run gets its own mix instead of
 * every feature at once, so a feature that suppresses a failure is off in
 * some runs). Drawn once, up front, after the horizon, and only when the
 * scenario's `swarm` option is 1; every field at level 0 is the world as it
 * was before the profile existed.
 */
export interface SwarmProfile {
  /**
   * Fault kinds the run leaves out whatever their drawn level, one bit each
   * (1 drops, 2 duplicates, 4 extra delay, 8 crashes, 16 partitions): with
   * a uniform draw each kind is left out of half the runs, so runs with
   * only one or two kinds of fault are common (a drop now and then can
   * spoil the one schedule a failure needs).
   */
  readonly omitFaults: number;
  /** Chance, per message of the fault phase, that the network holds it for 0.1 to 3 s (it can outlive elections and arrive after newer messages). */
  readonly holdPercent: number;
  /** A partition drawn while another is active replaces it at once (the network changes shape without healing in between). */
  readonly repartition: boolean;
  /**
   * Crashes and partitions are aimed at the node that last answered a
   * client (usually the leader, as Jepsen's nemeses aim at the primary):
   * the drawn node counts from it instead of from node 0.
   */
  readonly targeted: boolean;
  /** A crash also loses the messages the node sent that have not arrived yet (a power loss, not a process exit: what sat in its buffers is gone). */
  readonly crashLosesSends: boolean;
  /** The fault clock ticks this many times as often: a crash and a partition may be drawn at every tick (each lasts as long as before). */
  readonly faultClockFactor: number;
  /** 0: faults fall on the fault clock's ticks and last whole ticks. Otherwise faults fall anywhere in a tick and last multiples of this many ms. */
  readonly faultGrainMs: number;
  /** Clients beyond the scenario's own. */
  readonly extraClients: number;
  /** Each client issues this many times the scenario's operations (backlogs longer than one replication batch). */
  readonly opsFactor: number;
  /** 0: operations spread over the fault phase; 1: bursts, each operation right after the last; 2: spread with idle gaps of up to 0.7 s. */
  readonly pacing: number;
  /**
   * Chance, per client request delivered in the fault phase, that a nemesis
   * strikes the node that just received it: cuts it off from every other
   * node (the partition replaces any other) or crashes it, for 1 to 10
   * fault-clock periods (see `StrikeKind`), and what it had in flight is
   * lost either way (a link that goes down, a power loss). A node serving a
   * client is usually the leader with work in flight, which is where a
   * change of leader hurts most (Jepsen's nemeses aim at the primary for
   * the same reason). Drawn only with `swarm: 2`; 0 otherwise.
   */
  readonly strikePercent: number;
  /**
   * A partition also loses the messages in flight across it, as a real
   * network does (what was on a cut link never arrives); otherwise only
   * messages sent while it lasts are lost. Drawn only with `swarm: 2`.
   */
  readonly partitionsCutInFlight: boolean;
}

/** The profile of every run whose scenario does not ask for one: the world as it always was. */
export const calmSwarm: SwarmProfile = {
  omitFaults: 0,
  holdPercent: 0,
  repartition: false,
  targeted: false,
  crashLosesSends: false,
  faultClockFactor: 1,
  faultGrainMs: 0,
  extraClients: 0,
  opsFactor: 1,
  pacing: 0,
  strikePercent: 0,
  partitionsCutInFlight: false,
};

const OMIT_MASKS = 32;
/** The bits of the "omitted faults" draw that leave out drops, duplicates, delays, crashes and partitions. */
export const OMIT_DROPS = 1;
export const OMIT_DUPLICATES = 2;
export const OMIT_DELAYS = 4;
export const OMIT_CRASHES = 8;
export const OMIT_PARTITIONS = 16;
/** The hold chances per message of the fault phase, by the "hold level" draw. */
export const HOLD_LEVELS = [0, 3, 8, 15] as const;
const REPARTITION = [0, 1] as const;
const TARGETED = [0, 1] as const;
const CRASH_LOSES_SENDS = [0, 1] as const;
const FAULT_CLOCK = [1, 2, 5, 10] as const;
const FAULT_GRAIN = [0, 10, 1] as const;
const EXTRA_CLIENTS = [0, 2, 5] as const;
const OPS_FACTOR = [1, 2, 4] as const;
const PACING = [0, 1, 2] as const;
/** The nemesis's strike chances per client request, by the "nemesis strikes" draw. */
export const STRIKE_LEVELS = [0, 10, 30, 50] as const;
const CUT_IN_FLIGHT = [0, 1] as const;

/** Draws in the swarm profile of `swarm: 1`. */
export const SWARM_DRAWS = 10;
/** Draws in the swarm profile of `swarm: 2`: the ten of `swarm: 1`, then the nemesis's strike level and whether partitions cut messages in flight. */
export const SWARM_DRAWS_MAX = 12;

function level(choices: ChoiceSource, levels: readonly number[], label: string): number {
  return levels[choices.draw(levels.length, label)] ?? 0;
}

/**
 * Draws the swarm profile when `swarm` is 1 (ten draws, each 0 for "as
 * before") or 2 (the same ten, then two more: the nemesis's strike level
 * and whether partitions cut messages in flight), and draws nothing
 * otherwise, so files saved with an earlier option keep their layout.
 *
 * @example
 * ```ts
 * const swarm = drawSwarmProfile(choices, options.swarm);
 * swarm.holdPercent; // 0 when its draw is 0
 * ```
 */
export function drawSwarmProfile(choices: ChoiceSource, swarm: number): SwarmProfile {
  if (swarm !== 1 && swarm !== 2) return calmSwarm;
  choices.startSpan(SWARM_SPAN);
  const profile: SwarmProfile = {
    omitFaults: choices.draw(OMIT_MASKS, "omitted faults"),
    holdPercent: level(choices, HOLD_LEVELS, "hold level"),
    repartition: level(choices, REPARTITION, "repartition") === 1,
    targeted: level(choices, TARGETED, "targeted faults") === 1,
    crashLosesSends: level(choices, CRASH_LOSES_SENDS, "crash loses sends") === 1,
    faultClockFactor: level(choices, FAULT_CLOCK, "fault clock"),
    faultGrainMs: level(choices, FAULT_GRAIN, "fault grain"),
    extraClients: level(choices, EXTRA_CLIENTS, "extra clients"),
    opsFactor: level(choices, OPS_FACTOR, "operations factor"),
    pacing: level(choices, PACING, "client pacing"),
    strikePercent: swarm === 2 ? level(choices, STRIKE_LEVELS, "nemesis strikes") : 0,
    partitionsCutInFlight: swarm === 2 && level(choices, CUT_IN_FLIGHT, "partitions cut in flight") === 1,
  };
  choices.endSpan();
  return profile;
}

/**
 * The fault profile a run actually gets: `profile` without the kinds the
 * swarm profile leaves out.
 *
 * @example
 * ```ts
 * withoutOmittedFaults(profile, { ...calmSwarm, omitFaults: 8 }).crashPercent; // 0
 * ```
 */
export function withoutOmittedFaults(profile: FaultProfile, swarm: SwarmProfile): FaultProfile {
  const omit = swarm.omitFaults;
  if (omit === 0) return profile;
  return {
    dropPercent: omit & OMIT_DROPS ? 0 : profile.dropPercent,
    duplicatePercent: omit & OMIT_DUPLICATES ? 0 : profile.duplicatePercent,
    delaySpreadMs: omit & OMIT_DELAYS ? 0 : profile.delaySpreadMs,
    crashPercent: omit & OMIT_CRASHES ? 0 : profile.crashPercent,
    partitionPercent: omit & OMIT_PARTITIONS ? 0 : profile.partitionPercent,
  };
}
