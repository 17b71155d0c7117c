import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLOCK_DRIFT_HALVES,
  CLOCK_JUMP_LEVELS,
  CLOCK_OFFSET_EIGHTHS,
  clockReadingMs,
  CLOCKS_SPAN,
  defaultScenarioOptions,
  GeneratedChoices,
  hashTrace,
  huntScenarioOptions,
  oscillatorMs,
  perfectClock,
  perfectClocks,
  registerWorkload,
  ReplayedChoices,
  runLayout,
  runScenario,
  timerFiresAt,
  validateScenarioOptions,
  type ChoiceSource,
  type NodeContext,
  type Protocol,
  type ProtocolNode,
  type RegisterInput,
  type ScenarioOptions,
  type TraceEvent,
} from "../src/index.js";
import { primaryBackup } from "./fixtures/primary-backup.js";

/** The hunt's options without clocks: what every hunt ran before clocks existed. */
const huntWithoutClocks = { ...huntScenarioOptions, clockDriftPpm: 0, clockJumps: 0 };
const run = (choices: ChoiceSource, options: Partial<ScenarioOptions> = {}) => runScenario({ protocol: primaryBackup, workload: registerWorkload, choices, recordTrace: true, options });

/** The trace hashes of the fixture protocol's runs as they were before nodes had clocks of their own (default options, and the hunt's). */
const HASHES_BEFORE_CLOCKS = {
  default: { 0: "6d069f70", 1: "63cc6c87", 42: "73052778", 2024: "99addc3a" },
  hunt: { 0: "a3a88e5a", 1: "8e23eb2e", 42: "a6cfddf7", 2024: "7299ff4c" },
} as const;

/** A node that reads its clock every `PERIOD_MS` of its own timer and says what it read. */
const PERIOD_MS = 1000;
class ClockReader implements ProtocolNode<never, RegisterInput> {
  constructor(private readonly ctx: NodeContext<never, unknown, never>) {
    ctx.emit({ kind: "read", now: ctx.now() });
    ctx.setTimer("tick", PERIOD_MS);
  }
  onTimer(): void {
    this.ctx.emit({ kind: "read", now: this.ctx.now() });
    this.ctx.setTimer("tick", PERIOD_MS);
  }
  onMessage(): void {}
  onClientRequest(): void {}
}
const clockReader: Protocol<never, RegisterInput, unknown, never, ClockReader> = { name: "clock reader", start: (ctx) => new ClockReader(ctx) };
const readClocks = (choices: ChoiceSource, options: Partial<ScenarioOptions>) =>
  runScenario({ protocol: clockReader, workload: registerWorkload, choices, recordTrace: true, options: { clients: 0, ...options } });
type Read = { readonly world: number; readonly now: number };
const reads = (trace: readonly TraceEvent[], node: number) =>
  trace.flatMap((e, at) => (e.kind === "observation" && e.node === node && e.observation.kind === "read" ? [{ world: e.time, now: e.observation["now"] as number, at }] : []));

/** The head of a default-options run on 3 nodes with no faults, then the clocks span: an offset and a drift level per node. */
const clockHead = (levels: readonly (readonly [offset: number, drift: number])[]): number[] => [0, 0, 0, 0, 0, 0, ...levels.flat()];

describe("per-node clocks", () => {
  it("leave runs without the options as they were: the trace hashes pinned before clocks existed", () => {
    for (const [seed, hash] of Object.entries(HASHES_BEFORE_CLOCKS.default)) {
      const choices = seed === "0" ? new ReplayedChoices([]) : new GeneratedChoices(Number(seed));
      expect(hashTrace(run(choices).trace), `default options, seed ${seed}`).toBe(hash);
    }
    for (const [seed, hash] of Object.entries(HASHES_BEFORE_CLOCKS.hunt)) {
      const choices = seed === "0" ? new ReplayedChoices([]) : new GeneratedChoices(Number(seed));
      expect(hashTrace(run(choices, huntWithoutClocks).trace), `hunt options, seed ${seed}`).toBe(hash);
    }
  });

  it("draw nothing unless asked for: no clocks span, perfect clocks, no clock events", () => {
    for (const seed of [1, 2, 3]) {
      const result = run(new GeneratedChoices(seed), huntWithoutClocks);
      expect(result.spans.some((s) => s.label === CLOCKS_SPAN || s.label === "clock jump")).toBe(false);
      expect(result.clocks).toEqual(perfectClocks);
      expect(result.trace.some((e) => e.kind === "clock" || e.kind === "clock-jump")).toBe(false);
    }
  });

  it("at draw 0 everywhere are perfect clocks: the same run once the clock draws are taken out", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(...defaultScenarioOptionsWithHunt()), (seed, base) => {
        const before = run(new GeneratedChoices(seed), base.options);
        const size = before.clusterSize;
        const choices = [...before.choices.slice(0, base.head), ...new Array<number>(2 * size).fill(0), ...before.choices.slice(base.head)];
        const after = run(new ReplayedChoices(choices), { ...base.options, clockDriftPpm: 10_000 });
        expect(after.clocks.nodes.every((c) => c.offsetMs === 0 && c.driftPpm === 0)).toBe(true);
        expect(after.spans.find((s) => s.label === CLOCKS_SPAN)).toEqual({ label: CLOCKS_SPAN, start: base.head, end: base.head + 2 * size });
        expect(hashTrace(after.trace)).toBe(hashTrace(before.trace));
        expect(after.violation).toEqual(before.violation);
      }),
      { numRuns: 10 },
    );
  });

  it("draw right after the swarm profile, within the settings the run layout announces", () => {
    const result = run(new GeneratedChoices(3), { ...huntScenarioOptions, clockDriftPpm: 10_000, clockJumps: 1 });
    const settings = result.spans.filter((s) => runLayout.settingsSpans.includes(s.label));
    expect(settings.map((s) => s.label)).toEqual([...runLayout.settingsSpans]);
    const clocks = settings.at(-1);
    expect(clocks?.end).toBe(8 + 12 + 2 * result.clusterSize + 1);
    expect(Math.max(...settings.map((s) => s.end))).toBeLessThanOrEqual(runLayout.settingsDrawsMax);
  });

  it("scale the drawn levels to the bound: offsets up to the bound times 64 s, drift within the bound both ways", () => {
    const bound = 10_000;
    const last = (table: readonly unknown[]) => table.length - 1;
    const drawn = run(new ReplayedChoices(clockHead([[last(CLOCK_OFFSET_EIGHTHS), 3], [1, 4], [0, 1]])), { clockDriftPpm: bound }).clocks;
    expect(drawn.nodes).toEqual([
      { offsetMs: 640, driftPpm: 10_000 },
      { offsetMs: 80, driftPpm: -10_000 },
      { offsetMs: 0, driftPpm: 5_000 },
    ]);
    expect(drawn.jumpPercent).toBe(0);
    expect(CLOCK_DRIFT_HALVES.every((h) => Math.abs(h) <= 2)).toBe(true);
  });

  it("make a node's now() read its own clock and its timers fire at its rate", () => {
    // s1 runs at the bound, fast, and starts 80 ms ahead; s2 runs at the bound, slow; s0 is perfect.
    const result = readClocks(new ReplayedChoices(clockHead([[0, 0], [1, 3], [0, 4]])), { clockDriftPpm: 10_000 });
    const [s0, s1, s2] = [0, 1, 2].map((node) => reads(result.trace, node).map(({ world, now }) => ({ world, now }))) as [Read[], Read[], Read[]];
    expect(s0.length).toBeGreaterThan(2);
    // The perfect clock reads the world's time and fires every 1000 world ms.
    for (const [i, read] of s0.entries()) expect(read).toEqual({ world: i * PERIOD_MS, now: i * PERIOD_MS });
    // The fast clock reads ahead, and its 1000 ms timer fires after 1000 / 1.01 world ms (rounded up to whole ms).
    expect(s1[0]).toEqual({ world: 0, now: 80 });
    for (let i = 1; i < s1.length; i++) {
      const [prev, read] = [s1[i - 1] as Read, s1[i] as Read];
      expect(read.world - prev.world).toBeGreaterThanOrEqual(990);
      expect(read.world - prev.world).toBeLessThanOrEqual(991);
      expect(read.now - prev.now).toBeGreaterThanOrEqual(PERIOD_MS);
      expect(read.now).toBe(80 + read.world + Math.floor((read.world * 10_000) / 1e6));
    }
    // The slow one fires after 1000 / 0.99 world ms.
    for (let i = 1; i < s2.length; i++) {
      const [prev, read] = [s2[i - 1] as Read, s2[i] as Read];
      expect(read.world - prev.world).toBeGreaterThanOrEqual(1010);
      expect(read.world - prev.world).toBeLessThanOrEqual(1011);
      expect(read.now - prev.now).toBeGreaterThanOrEqual(PERIOD_MS);
    }
    // By the run's end the fast clock has gained 1% of it on the world, the slow one lost 1%.
    const end = result.endTime;
    expect(clockReadingMs(result.clocks.nodes[1] ?? perfectClock, end, 0) - end).toBe(80 + Math.floor(end / 100));
    expect(clockReadingMs(result.clocks.nodes[2] ?? perfectClock, end, 0) - end).toBe(Math.floor(-end / 100));
  });

  it("record each imperfect clock once, at setup, and nothing for a perfect one", () => {
    const result = readClocks(new ReplayedChoices(clockHead([[0, 0], [1, 3], [2, 0]])), { clockDriftPpm: 10_000 });
    const clocks = result.trace.filter((e) => e.kind === "clock");
    expect(clocks).toEqual([
      { kind: "clock", time: 0, step: 0, node: 1, offsetMs: 80, driftPpm: 10_000 },
      { kind: "clock", time: 0, step: 0, node: 2, offsetMs: 320, driftPpm: 0 },
    ]);
    expect(result.trace.findIndex((e) => e.kind === "clock")).toBe(0);
  });

  it("jump only with clockJumps: a jump moves what now() reads from then on, and never when a pending timer fires", () => {
    // Jumps at the highest level, drift off: every clock is the world's plus the jumps it took.
    const options = { clockJumps: 1 };
    const jumpLevel = CLOCK_JUMP_LEVELS.length - 1;
    let jumped = 0;
    for (const seed of [1, 2, 3, 4]) {
      const result = readClocks(new ReplayedChoices([0, 0, 0, 0, 0, 0, jumpLevel], { kind: "random", seed }), options);
      expect(result.clocks).toEqual({ nodes: [], jumpPercent: CLOCK_JUMP_LEVELS[jumpLevel] });
      const jumps = result.trace.flatMap((e, at) => (e.kind === "clock-jump" ? [{ ...e, at }] : []));
      jumped += jumps.length;
      for (let node = 0; node < 3; node++) {
        for (const [i, read] of reads(result.trace, node).entries()) {
          // Timers count the oscillator: a jump never moves them.
          expect(read.world, `seed ${seed}, s${node}`).toBe(i * PERIOD_MS);
          const taken = jumps.filter((j) => j.node === node && j.at < read.at).reduce((sum, j) => sum + j.jumpMs, 0);
          expect(read.now, `seed ${seed}, s${node} at t=${read.world}`).toBe(Math.max(0, read.world + taken));
        }
      }
      for (const jump of jumps) {
        const taken = jumps.filter((j) => j.node === jump.node && j.at <= jump.at).reduce((sum, j) => sum + j.jumpMs, 0);
        expect(jump.readsMs).toBe(Math.max(0, jump.time + taken));
      }
    }
    expect(jumped).toBeGreaterThan(0);
    const calm = readClocks(new ReplayedChoices([0, 0, 0, 0, 0, 0, 0], { kind: "random", seed: 1 }), options);
    expect(calm.spans.some((s) => s.label === "clock jump")).toBe(false);
    expect(calm.trace.some((e) => e.kind === "clock-jump")).toBe(false);
  });

  it("keep every run a pure function of its choices: with clocks and jumps on, a replay gives the same trace", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(1_000, 10_000, 200_000), (seed, clockDriftPpm) => {
        const options = { ...huntScenarioOptions, clockDriftPpm, clockJumps: 1 };
        const original = run(new GeneratedChoices(seed), options);
        const replay = run(new ReplayedChoices(original.choices), options);
        expect(hashTrace(replay.trace)).toBe(hashTrace(original.trace));
        expect(replay.clocks).toEqual(original.clocks);
        expect(replay.history).toEqual(original.history);
        expect(replay.endTime).toBe(original.endTime);
      }),
      { numRuns: 20 },
    );
  });

  it("keep the all-zeros run healthy with clocks and jumps on", () => {
    const result = run(new ReplayedChoices([]), { ...huntScenarioOptions, clockDriftPpm: 10_000, clockJumps: 1 });
    expect(result.violation).toBeNull();
    expect(result.history.every((op) => op.return !== null)).toBe(true);
  });
});

describe("a clock's arithmetic", () => {
  const clock = fc.record({ offsetMs: fc.nat(10_000), driftPpm: fc.integer({ min: -500_000, max: 500_000 }) });

  it("fires a timer at the first world millisecond its oscillator has counted the delay", () => {
    fc.assert(
      fc.property(clock, fc.nat(200_000), fc.nat(60_000), (c, world, delay) => {
        const fires = timerFiresAt(c, world, delay);
        expect(fires).toBeGreaterThanOrEqual(world);
        expect(oscillatorMs(c, fires) - oscillatorMs(c, world)).toBeGreaterThanOrEqual(delay);
        if (fires > world) expect(oscillatorMs(c, fires - 1) - oscillatorMs(c, world)).toBeLessThan(delay);
      }),
    );
  });

  it("never runs backwards without a jump, and reads the world's time when perfect", () => {
    fc.assert(
      fc.property(clock, fc.nat(200_000), (c, world) => {
        expect(clockReadingMs(c, world + 1, 0)).toBeGreaterThanOrEqual(clockReadingMs(c, world, 0));
        expect(clockReadingMs({ offsetMs: 0, driftPpm: 0 }, world, 0)).toBe(world);
        expect(timerFiresAt({ offsetMs: 0, driftPpm: 0 }, world, 17)).toBe(world + 17);
      }),
    );
  });
});

describe("the clock options' bounds", () => {
  it("reject a drift bound or a jump switch out of range, naming the option and what was expected", () => {
    for (const bad of [-1, 1.5, 500_001, "10000"]) {
      const checked = validateScenarioOptions({ clockDriftPpm: bad });
      expect(checked.ok).toBe(false);
      if (!checked.ok) {
        expect(checked.errors[0]?.path).toBe("clockDriftPpm");
        expect(checked.errors[0]?.message).toMatch(/^expected an integer from 0 to 500000 \(parts per million/);
      }
    }
    const jumps = validateScenarioOptions({ clockJumps: 2 });
    expect(jumps.ok ? [] : jumps.errors).toEqual([{ path: "clockJumps", message: "expected an integer from 0 to 1 (0: clocks never jump; 1: a node's clock may jump forward or back at fault ticks), got 2" }]);
    expect(validateScenarioOptions({ clockDriftPpm: 10_000, clockJumps: 1 }).ok).toBe(true);
  });

  it("default to perfect clocks without jumps", () => {
    expect([defaultScenarioOptions.clockDriftPpm, defaultScenarioOptions.clockJumps]).toEqual([0, 0]);
  });
});

/** The scenario options the layout property runs under, each with where the clocks span starts. */
function defaultScenarioOptionsWithHunt(): { options: Partial<ScenarioOptions>; head: number }[] {
  return [
    { options: {}, head: 6 },
    { options: huntWithoutClocks, head: 8 + 12 },
  ];
}
