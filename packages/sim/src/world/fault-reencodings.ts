import { CRASH_LEVELS, DROP_LEVELS, DUPLICATE_LEVELS, PARTITION_LEVELS } from "./fault-profile.js";
import { StrikeKind } from "./faults.js";
import { PartitionShape } from "./partition.js";
import { HOLD_LEVELS, OMIT_CRASHES, OMIT_DELAYS, OMIT_DROPS, OMIT_DUPLICATES, OMIT_PARTITIONS, STRIKE_LEVELS, SWARM_SPAN } from "./swarm-profile.js";

/** One decision of a run: the label of its span and the values of its draws. */
export interface DrawnDecision {
  readonly span: string;
  readonly content: readonly number[];
}

/** A run-wide setting to change: the draw named `label` in the settings span `span`, to `value`. */
export interface SettingEdit {
  readonly span: string;
  readonly label: string;
  readonly value: number;
}

/** A decision written anew: its span, the labels of its draws in order, and the contents to try (each one draw per label). */
export interface ReencodedDecision {
  readonly span: string;
  readonly labels: readonly string[];
  readonly contents: readonly (readonly number[])[];
}

/**
 * The same faults through another mechanism: the settings to change and,
 * in the order given, each decision as it is written there (`null`: as it
 * was). Where each goes in the new run is left to the caller: the run
 * changes with the settings, so only a run can tell.
 */
export interface FaultReencoding {
  readonly settings: readonly SettingEdit[];
  readonly decisions: readonly (ReencodedDecision | null)[];
}

const NEMESIS_SPAN = "nemesis strike";
const FAULT_TICK_SPAN = "fault tick";
const FAULT_PROFILE_SPAN = "fault profile";
/** A fault tick's draws without a fault grain (see `Faults.tick`). */
const FAULT_TICK_LABELS = ["crash?", "crash node", "down time", "partition?", "partition shape", "partition node", "partition time"] as const;
/** The spans of a message's fate (see `Network.drawFate`): its "fate" and "delay" draws. */
const MESSAGE_SPANS: readonly string[] = ["message", "client request", "client response"];
const MESSAGE_LABELS = ["fate", "delay"] as const;
/** The largest cluster: the node a strike hit is not in its draws, so each is tried (a larger value replays as the last node). */
const NODES_MAX = 5;

/** The smallest value of `drawBool(percent)` that is true. */
function trigger(percent: number): number {
  return 100 - percent;
}

/** The kinds of fault whose chance a level sets, each with its setting and its chances by level. */
const LEVELLED = {
  drop: { span: FAULT_PROFILE_SPAN, label: "drop level", levels: DROP_LEVELS, omit: OMIT_DROPS },
  duplicate: { span: FAULT_PROFILE_SPAN, label: "duplicate level", levels: DUPLICATE_LEVELS, omit: OMIT_DUPLICATES },
  hold: { span: SWARM_SPAN, label: "hold level", levels: HOLD_LEVELS, omit: 0 },
  crash: { span: FAULT_PROFILE_SPAN, label: "crash level", levels: CRASH_LEVELS, omit: OMIT_CRASHES },
  partition: { span: FAULT_PROFILE_SPAN, label: "partition level", levels: PARTITION_LEVELS, omit: OMIT_PARTITIONS },
  strike: { span: SWARM_SPAN, label: "nemesis strikes", levels: STRIKE_LEVELS, omit: 0 },
} as const;
type Levelled = keyof typeof LEVELLED;

type Chances = Readonly<Record<Levelled, number>>;
type MessageFault = "drop" | "duplicate" | "hold";

/** A message's fate bands under the given chances (see `Network.drawFate`): the lowest fate of each; below the hold's, delivered once. */
function fateBands(p: Chances): Readonly<Record<MessageFault, number>> {
  const drop = 100 - p.drop;
  const duplicate = drop - p.duplicate;
  return { drop, duplicate, hold: duplicate - p.hold };
}

/** Each level as drawn (undefined: not drawn) and the chance it gives, with the kinds the swarm profile leaves out at 0. */
function levelsOf(setting: (span: string, label: string) => number | undefined): { readonly omitted: number | undefined; readonly level: Readonly<Record<Levelled, number | undefined>>; readonly chance: Chances } {
  const omitted = setting(SWARM_SPAN, "omitted faults");
  const level = {} as Record<Levelled, number | undefined>;
  const chance = {} as Record<Levelled, number>;
  for (const kind of Object.keys(LEVELLED) as Levelled[]) {
    const { span, label, levels, omit } = LEVELLED[kind];
    level[kind] = setting(span, label);
    chance[kind] = ((omitted ?? 0) & omit) !== 0 ? 0 : (levels[level[kind] ?? 0] ?? 0);
  }
  return { omitted, level, chance };
}

/**
 * The failure's faults written through other mechanisms of the world:
 * each nemesis strike as a fault tick's partition or crash of the node
 * (`strikesAsTicks`), each message delayed by the fault profile's delay
 * spread as one held by the swarm profile (`delaysAsHolds`); both at once
 * when the failure holds both. `null` when neither applies (no strike that
 * struck, no delayed message, or a setting it needs is not drawn:
 * `setting` gives undefined).
 *
 * Why: finds of one failure often hold the same cut, or the same
 * reordering, through different mechanisms: one node cut off by the
 * nemesis after a client request in one, by a partition at a fault tick in
 * another; two messages overtaken by a short delay in one, held in
 * another. No change of a few values turns one into the other, and only
 * the world knows how its draws map.
 *
 * @example
 * ```ts
 * const settings = new Map([["swarm profile/nemesis strikes", 1]]);
 * const re = reencodeFaults([{ span: "nemesis strike", content: [90, 0, 2] }], (span, label) => settings.get(`${span}/${label}`) ?? 0);
 * re?.decisions[0]?.span; // "fault tick"
 * ```
 */
export function reencodeFaults(decisions: readonly DrawnDecision[], setting: (span: string, label: string) => number | undefined): FaultReencoding | null {
  const parts = [strikesAsTicks(decisions, setting), delaysAsHolds(decisions, setting)].filter((p): p is FaultReencoding => p !== null);
  if (parts.length === 0) return null;
  return {
    settings: parts.flatMap((p) => p.settings),
    decisions: decisions.map((_, i) => parts.reduce<ReencodedDecision | null>((found, p) => found ?? p.decisions[i] ?? null, null)),
  };
}

/**
 * The messages among `decisions` delivered late by the fault profile's
 * delay spread, written as held by the swarm profile instead (the shortest
 * hold): the delay level off (every delayed message is held now, so
 * nothing else needs it) and the hold level on at its lowest (if off).
 * Both reorder a message behind later ones; a hold is drawn by the fate
 * alone, so its list is often the shorter. A hold happens only in the
 * fault phase: a delay in the calm phase has no such twin, and the run
 * says so.
 */
function delaysAsHolds(decisions: readonly DrawnDecision[], setting: (span: string, label: string) => number | undefined): FaultReencoding | null {
  const delayLevel = setting(FAULT_PROFILE_SPAN, "delay level");
  const { omitted, level, chance } = levelsOf(setting);
  const holdLevel = level.hold;
  if (delayLevel === undefined || holdLevel === undefined || omitted === undefined || level.drop === undefined || level.duplicate === undefined) return null;
  if (delayLevel === 0 || (omitted & OMIT_DELAYS) !== 0) return null;
  const holdAt = Math.max(1, holdLevel);
  // Below the hold band a message is delivered once after its drawn delay.
  const ordinaryBelow = fateBands(chance).hold;
  const delayed = (d: DrawnDecision): boolean => MESSAGE_SPANS.includes(d.span) && (d.content[0] ?? 0) < ordinaryBelow && (d.content[1] ?? 0) > 0;
  if (!decisions.some(delayed)) return null;
  const held = [fateBands({ ...chance, hold: HOLD_LEVELS[holdAt] ?? 0 }).hold, 0];
  return {
    settings: [
      { span: FAULT_PROFILE_SPAN, label: "delay level", value: 0 },
      { span: SWARM_SPAN, label: "hold level", value: holdAt },
    ],
    decisions: decisions.map((d): ReencodedDecision | null => (delayed(d) ? { span: d.span, labels: MESSAGE_LABELS, contents: [held] } : null)),
  };
}

/**
 * The nemesis strikes among `decisions` written as fault ticks instead:
 * an isolation becomes a partition that cuts the same node off for as
 * many ticks, a crash a crash for as long. The strike hits the node a
 * client request just reached, which its draws do not name, so every node
 * is a content to try. The settings turn the nemesis off, the fault clock's
 * partitions (or crashes) on at their lowest level (if off or left out),
 * the fault grain off (so a tick draws what a strike's duration needs) and,
 * as a strike does, a partition cut the messages in flight (a crash lose
 * its sends). `null` when no decision is a strike that struck, or when a
 * setting it needs is not drawn (`setting` gives undefined).
 */
function strikesAsTicks(decisions: readonly DrawnDecision[], setting: (span: string, label: string) => number | undefined): FaultReencoding | null {
  const { omitted, level, chance } = levelsOf(setting);
  const struck = (d: DrawnDecision): boolean => d.span === NEMESIS_SPAN && (d.content[0] ?? 0) >= trigger(chance.strike) && chance.strike > 0;
  if (!decisions.some(struck)) return null;
  const isolates = decisions.some((d) => struck(d) && (d.content[1] ?? 0) === StrikeKind.Isolate);
  const crashes = decisions.some((d) => struck(d) && (d.content[1] ?? 0) !== StrikeKind.Isolate);
  const partitionLevel = level.partition;
  const crashLevel = level.crash;
  const needed = [partitionLevel, crashLevel, omitted, setting(SWARM_SPAN, "fault grain"), setting(SWARM_SPAN, "partitions cut in flight"), setting(SWARM_SPAN, "crash loses sends")];
  if (needed.some((v) => v === undefined)) return null;
  const partitionAt = Math.max(1, partitionLevel ?? 0);
  const crashAt = Math.max(1, crashLevel ?? 0);
  const settings: SettingEdit[] = [
    { span: SWARM_SPAN, label: "nemesis strikes", value: 0 },
    { span: SWARM_SPAN, label: "fault grain", value: 0 },
    { span: SWARM_SPAN, label: "omitted faults", value: (omitted ?? 0) & ~((isolates ? OMIT_PARTITIONS : 0) | (crashes ? OMIT_CRASHES : 0)) },
  ];
  if (isolates) settings.push({ span: FAULT_PROFILE_SPAN, label: "partition level", value: partitionAt }, { span: SWARM_SPAN, label: "partitions cut in flight", value: 1 });
  if (crashes) settings.push({ span: FAULT_PROFILE_SPAN, label: "crash level", value: crashAt }, { span: SWARM_SPAN, label: "crash loses sends", value: 1 });
  return {
    settings,
    decisions: decisions.map((d): ReencodedDecision | null => {
      if (!struck(d)) return null;
      const duration = d.content[2] ?? 0;
      const contents: number[][] = [];
      for (let node = 0; node < NODES_MAX; node++) {
        contents.push(
          (d.content[1] ?? 0) === StrikeKind.Isolate
            ? [0, 0, 0, trigger(PARTITION_LEVELS[partitionAt] ?? 0), PartitionShape.Isolate, node, duration]
            : [trigger(CRASH_LEVELS[crashAt] ?? 0), node, duration, 0, 0, 0, 0],
        );
      }
      return { span: FAULT_TICK_SPAN, labels: FAULT_TICK_LABELS, contents };
    }),
  };
}

/** The same faults at other levels: the settings to change and each decision's new contents, in place (`null`: as it was). */
export interface LevelledFaults {
  readonly settings: readonly SettingEdit[];
  readonly contents: readonly (readonly number[] | null)[];
}

/**
 * The same faults at the lowest levels that still allow them: every level
 * of a kind of fault the failure uses (a dropped, duplicated or held
 * message, a crash or partition at a fault tick, a nemesis strike) down to
 * its first, every other to 0 (the nemesis's to its first: off, it would
 * draw nothing), and each fault's trigger rewritten to the
 * lowest value of its band there, so each decision still means what it
 * meant. The draws keep their number and order (a level moves thresholds,
 * never adds a draw), so the result can be written in place. `null` when
 * no level would come down, or a level the failure needs is not drawn
 * (`setting` gives undefined).
 *
 * Why: finds of one failure often hold the same dropped message or the
 * same crash under different levels (a drop at 25% drawn as 75, at 3% as
 * 97); lowering one level moves the threshold under every trigger of its
 * kind at once (and a message's bands under the next kinds'), which no
 * change of one value follows.
 *
 * @example
 * ```ts
 * const levels = new Map([["fault profile/drop level", 3]]); // drops at 25%: 75 and up
 * const low = atLowestLevels([{ span: "message", content: [80, 0] }], (span, label) => levels.get(`${span}/${label}`) ?? 0);
 * low?.contents[0]; // [97, 0]: dropped at 3%
 * ```
 */
export function atLowestLevels(decisions: readonly DrawnDecision[], setting: (span: string, label: string) => number | undefined): LevelledFaults | null {
  const { omitted, level, chance } = levelsOf(setting);
  const bands = fateBands(chance);
  // Each decision's faults under the levels drawn: a message's band, a tick's crash and partition, a strike.
  const faultsOf = (d: DrawnDecision): Levelled[] => {
    const struck = (kind: Levelled, value: number | undefined) => chance[kind] > 0 && (value ?? 0) >= trigger(chance[kind]);
    if (MESSAGE_SPANS.includes(d.span)) {
      const fate = d.content[0] ?? 0;
      return fate >= bands.drop ? ["drop"] : fate >= bands.duplicate ? ["duplicate"] : fate >= bands.hold ? ["hold"] : [];
    }
    if (d.span === FAULT_TICK_SPAN) return [...(struck("crash", d.content[0]) ? (["crash"] as const) : []), ...(struck("partition", d.content[3]) ? (["partition"] as const) : [])];
    if (d.span === NEMESIS_SPAN) return struck("strike", d.content[0]) ? ["strike"] : [];
    return [];
  };
  const faults = decisions.map(faultsOf);
  const used = new Set(faults.flat());
  const settings: SettingEdit[] = [];
  const lowered = { ...chance };
  for (const kind of Object.keys(LEVELLED) as Levelled[]) {
    const current = level[kind];
    if (current === undefined) {
      if (used.has(kind)) return null;
      continue;
    }
    // A kind left out by the swarm profile keeps its level: it draws nothing either way.
    if (((omitted ?? 0) & LEVELLED[kind].omit) !== 0) continue;
    // Strikes off would take the nemesis's draws out of the run: the lowest in place is the first level.
    const lowest = used.has(kind) || kind === "strike" ? 1 : 0;
    if (lowest >= current) continue;
    settings.push({ span: LEVELLED[kind].span, label: LEVELLED[kind].label, value: lowest });
    lowered[kind] = LEVELLED[kind].levels[lowest] ?? 0;
  }
  if (settings.length === 0) return null;
  const low = fateBands(lowered);
  // Where each kind's trigger sits among a decision's draws.
  const at: Readonly<Record<Levelled, number>> = { drop: 0, duplicate: 0, hold: 0, crash: 0, partition: 3, strike: 0 };
  const contents = decisions.map((d, i): number[] | null => {
    const kinds = faults[i] ?? [];
    if (kinds.length === 0) return null;
    const content = d.content.slice();
    for (const kind of kinds) content[at[kind]] = kind === "drop" || kind === "duplicate" || kind === "hold" ? low[kind] : trigger(lowered[kind]);
    return content;
  });
  return { settings, contents };
}
