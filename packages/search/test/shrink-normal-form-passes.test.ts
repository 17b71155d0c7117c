import { ReplayedChoices, type ChoiceSource } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { compareShortlex, defaultFinalShrinkPasses, shrink, trimChoices, type Outcome, type ShrinkPassName, type Target } from "../src/index.js";
import { findFailures } from "./fixtures/failures.js";
import { expectEachPassAloneKeepsItsViolation } from "./fixtures/pass-laws.js";
import { createToyTarget } from "./fixtures/toy-target.js";

const bad = { invariant: "bad" };

/**
 * Ticks of a fault draw and a node draw, each tick a "tick" span: fails when
 * exactly two faults happen two ticks apart, the first on node 0 and the
 * second on node 1. From faults at ticks 7 and 9 no move of one decision
 * keeps it failing (the gap changes): both must move together.
 */
function twoFaultTarget(ticks = 12): Target {
  return {
    run(source: ChoiceSource): Outcome {
      const faults: { tick: number; node: number }[] = [];
      for (let t = 0; t < ticks; t++) {
        source.startSpan("tick");
        const fault = source.drawBool(10, "fault?");
        const node = source.draw(3, "node");
        source.endSpan();
        if (fault) faults.push({ tick: t, node });
      }
      const [a, b] = faults;
      const fails = faults.length === 2 && a !== undefined && b !== undefined && a.node === 0 && b.node === 1 && b.tick - a.tick === 2;
      return { violation: fails ? { invariant: "bad", message: JSON.stringify(faults) } : null, choices: source.record(), spans: source.spans(), coverage: [] };
    },
  };
}

/** Faults (value 95) at the given ticks of the two-fault target, each with its node. */
function twoFaults(...faults: readonly (readonly [tick: number, node: number])[]): number[] {
  const choices = new Array<number>(24).fill(0);
  for (const [tick, node] of faults) {
    choices[2 * tick] = 95;
    choices[2 * tick + 1] = node;
  }
  return trimChoices(choices);
}

/**
 * A fault draw followed by `noise` draws of another kind: fails when the
 * fault happens and the noise is either all calm or at least half of it
 * unusual, so any ddmin window of the noise zeroed breaks it, and only the
 * whole kind zeroed at once keeps it.
 */
function noisyTarget(noise = 12): Target {
  return {
    run(source: ChoiceSource): Outcome {
      source.startSpan("fault");
      const fault = source.drawBool(10, "fault?");
      source.endSpan();
      let unusual = 0;
      for (let i = 0; i < noise; i++) {
        source.startSpan("message");
        if (source.draw(100, "delay") !== 0) unusual++;
        source.endSpan();
      }
      const fails = fault && (unusual === 0 || unusual >= noise / 2);
      return { violation: fails ? { invariant: "bad", message: `${unusual} delayed` } : null, choices: source.record(), spans: source.spans(), coverage: [] };
    },
  };
}

/**
 * A clock level (0..2: a tick every 3, 2 or 1 time units), then a fault and
 * a node per tick: fails when exactly two faults happen 6 time units apart,
 * the first on node 0 and the second on node 1. With `horizons: null` the
 * run lasts 36 units and ticks from time 0; otherwise a horizon drawn
 * first (one of `horizons`) bounds it and the first tick is one period in.
 */
function clockedFaultTarget(shape: { readonly horizons: readonly number[] | null }): Target {
  const { horizons } = shape;
  return {
    run(source: ChoiceSource): Outcome {
      let horizon = 36;
      if (horizons !== null) {
        source.startSpan("horizon");
        horizon = horizons[source.draw(horizons.length, "periods")] ?? 0;
        source.endSpan();
      }
      source.startSpan("fault profile");
      const period = 3 - source.draw(3, "clock");
      source.endSpan();
      const faults: { time: number; node: number }[] = [];
      for (let time = horizons === null ? 0 : period; time < horizon; time += period) {
        source.startSpan("tick");
        const fault = source.drawBool(10, "fault?");
        const node = source.draw(3, "node");
        source.endSpan();
        if (fault) faults.push({ time, node });
      }
      const [a, b] = faults;
      const fails = faults.length === 2 && a !== undefined && b !== undefined && a.node === 0 && b.node === 1 && b.time - a.time === 6;
      return { violation: fails ? { invariant: "bad", message: JSON.stringify(faults) } : null, choices: source.record(), spans: source.spans(), coverage: [] };
    },
  };
}

/**
 * A small copy of the world's two ways to cut a node off, with its draws'
 * names: fault ticks whose partitions need the fault profile's partition
 * level, and, once a client request arrives (from the sixth event on),
 * nemesis strikes that need the swarm profile's strike level. Fails when
 * node 2 is cut off, whichever way.
 */
function twoMechanismTarget(): Target {
  return {
    run(source: ChoiceSource): Outcome {
      source.startSpan("fault profile");
      const partitionPercent = [0, 5, 15, 30][source.draw(4, "partition level")] ?? 0;
      const crashPercent = [0, 5, 15, 30][source.draw(4, "crash level")] ?? 0;
      source.endSpan();
      source.startSpan("swarm profile");
      const omitted = source.draw(32, "omitted faults");
      source.draw(3, "fault grain");
      const strikePercent = [0, 10, 30, 50][source.draw(4, "nemesis strikes")] ?? 0;
      source.draw(2, "partitions cut in flight");
      source.draw(2, "crash loses sends");
      source.endSpan();
      const cutOff: number[] = [];
      for (let event = 0; event < 10; event++) {
        source.startSpan("fault tick");
        source.drawBool(omitted & 8 ? 0 : crashPercent, "crash?");
        source.draw(3, "crash node");
        source.draw(10, "down time");
        const split = source.drawBool(omitted & 16 ? 0 : partitionPercent, "partition?");
        const shape = source.draw(4, "partition shape");
        const node = source.draw(3, "partition node");
        source.draw(10, "partition time");
        source.endSpan();
        if (split && shape === 0) cutOff.push(node);
        if (event < 5 || strikePercent === 0) continue;
        source.startSpan("nemesis strike");
        const strike = source.drawBool(strikePercent, "strike?");
        const kind = source.draw(2, "strike kind");
        source.draw(10, "strike time");
        source.endSpan();
        // The strike hits the node the request reached: node 2 at event 7.
        if (strike && kind === 0) cutOff.push(event === 7 ? 2 : 0);
      }
      const fails = cutOff.includes(2);
      return { violation: fails ? { invariant: "bad", message: JSON.stringify(cutOff) } : null, choices: source.record(), spans: source.spans(), coverage: [] };
    },
  };
}

/**
 * A small copy of the world's two ways to make a message late, with its
 * draws' names: the fault profile's delay spread (a delay of up to 10 per
 * message) and the swarm profile's hold (a fate in the hold band: 100
 * late). Messages leave 5 apart; fails when each of `overtaken` (by
 * default the fourth) arrives after the next, whichever way it was made
 * late.
 */
function twoReorderingsTarget(overtaken: readonly number[] = [3]): Target {
  return {
    run(source: ChoiceSource): Outcome {
      source.startSpan("fault profile");
      const drop = [0, 3, 10][source.draw(3, "drop level")] ?? 0;
      const duplicate = [0, 3][source.draw(2, "duplicate level")] ?? 0;
      const spread = [0, 10][source.draw(2, "delay level")] ?? 0;
      source.endSpan();
      source.startSpan("swarm profile");
      const omitted = source.draw(32, "omitted faults");
      const hold = [0, 3, 8, 15][source.draw(4, "hold level")] ?? 0;
      source.endSpan();
      const arrivals: number[] = [];
      for (let m = 0; m < 8; m++) {
        source.startSpan("message");
        const fate = source.draw(100, "fate");
        const held = fate >= 100 - drop - duplicate - hold && fate < 100 - drop - duplicate;
        const late = held ? 100 + source.draw(30, "delay") : source.draw((omitted & 4 ? 0 : spread) + 1, "delay");
        source.endSpan();
        arrivals.push(5 * m + late);
      }
      const fails = overtaken.every((m) => (arrivals[m] ?? 0) > (arrivals[m + 1] ?? 0));
      return { violation: fails ? { invariant: "bad", message: JSON.stringify(arrivals) } : null, choices: source.record(), spans: source.spans(), coverage: [] };
    },
  };
}

/**
 * Client requests, each a write (its three replication messages follow) or
 * a read (none), each followed by a chance of a nemesis strike: fails when
 * the only strike comes right after the fourth request, whatever the
 * requests were. Reads end sooner, so the same strike after reads makes a
 * shorter list, reached only by raising an operation.
 */
function strikeAfterRequestsTarget(requests = 8): Target {
  return {
    run(source: ChoiceSource): Outcome {
      const strikes: number[] = [];
      for (let r = 0; r < requests; r++) {
        source.startSpan("client operation");
        const read = source.draw(2, "op kind") === 1;
        source.endSpan();
        if (!read) {
          for (let m = 0; m < 3; m++) {
            source.startSpan("message");
            source.draw(100, "delay");
            source.endSpan();
          }
        }
        source.startSpan("nemesis strike");
        if (source.drawBool(10, "strike?")) strikes.push(r);
        source.endSpan();
      }
      const fails = strikes.length === 1 && strikes[0] === 3;
      return { violation: fails ? { invariant: "bad", message: `strike after request ${strikes[0]}` } : null, choices: source.record(), spans: source.spans(), coverage: [] };
    },
  };
}

/**
 * A horizon (0..15 ticks; the fault phase heals when it ends), then per tick
 * a client operation (a write when 1) and a chance of a partition: fails
 * when the one partition lasts exactly two ticks and enough writes came
 * before it to need catching up (one at least, one per three ticks of the
 * run before it). A late partition needs several writes; an early one, one.
 */
function writesBeforePartitionTarget(writesNeeded = 1): Target {
  return {
    run(source: ChoiceSource): Outcome {
      source.startSpan("horizon");
      const horizon = source.draw(16, "fault periods");
      source.endSpan();
      let writes = 0;
      const partitions: { tick: number; writes: number }[] = [];
      for (let tick = 0; tick < horizon; tick++) {
        source.startSpan("client operation");
        if (source.draw(2, "op kind") === 1) writes++;
        source.endSpan();
        source.startSpan("fault tick");
        if (source.drawBool(10, "partition?")) partitions.push({ tick, writes });
        source.endSpan();
      }
      const [cut] = partitions;
      const fails = partitions.length === 1 && cut !== undefined && horizon - cut.tick === 2 && cut.writes >= writesNeeded && 3 * cut.writes >= cut.tick;
      return { violation: fails ? { invariant: "bad", message: JSON.stringify(partitions) } : null, choices: source.record(), spans: source.spans(), coverage: [] };
    },
  };
}

/** The default final passes without `aligned-raise-values`: the shrink it must never end above. */
const finalPassesWithoutRaise = defaultFinalShrinkPasses.filter((name) => name !== "aligned-raise-values");

/**
 * A failing input of `strikeAfterRequestsTarget`: the first four requests
 * reads where `reads` has their bit set, each write's messages delayed by
 * `delay`, and the strike after the fourth.
 */
function strikeAfterRequests(reads: number, delay: number): number[] {
  const choices: number[] = [];
  for (let r = 0; r < 4; r++) {
    const read = ((reads >> r) & 1) === 1;
    choices.push(read ? 1 : 0);
    if (!read) choices.push(delay, delay, delay);
    choices.push(r === 3 ? 95 : 0);
  }
  return trimChoices(choices);
}

describe("passes toward one normal form", () => {
  it("keep-and-place writes a nemesis strike as the fault clock's partition, which no move of values reaches", () => {
    const target = twoMechanismTarget();
    // Strikes at 10%; the strike at event 7 isolates node 2: 7 ticks of 7 draws and 2 strikes of 3 before it.
    const strikeAt = 7 + 7 * 8 + 3 * 2;
    const start = [0, 0, 0, 0, 1, 0, 0, ...new Array<number>(strikeAt - 7).fill(0), 90, 0, 0];
    const others = shrink({ target, choices: start, violation: bad, passes: ["place-decisions", "lower-and-place", "lower-switch-and-place", "lower-values", "lower-pairs", "lower-and-switch", "lower-and-raise"] });
    expect(others.choices).toEqual(trimChoices(start));
    const reencoded = shrink({ target, choices: start, violation: bad, passes: ["keep-and-place", "lower-values"] });
    // Partitions on at 5%, the nemesis off (the in-flight cut the pass turned on does not matter here: lowered again); node 2 cut off at the first tick.
    expect(reencoded.choices).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 95, 0, 2]);
  });

  it("keep-and-place writes a message the delay spread made late as a held one, which no move of values reaches", () => {
    const target = twoReorderingsTarget();
    // The delay level on, the fourth message 6 late (after the fifth).
    const start = [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6];
    const others = shrink({ target, choices: start, violation: bad, passes: ["zero-kinds", "place-decisions", "lower-values", "lower-pairs", "lower-and-switch", "lower-and-raise", "lower-and-place"] });
    expect(others.choices).toEqual(start);
    // The hold level on and the fourth message held: the hold level comes later among the settings, so the list is smaller.
    expect(shrink({ target, choices: start, violation: bad, passes: ["keep-and-place", "lower-values"] }).choices).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 97]);
  });

  it("lowest-levels brings every fault level down at once with each trigger moved to its band, where lowering one level and raising one trigger loses the other", () => {
    // Drops at 10%, duplicates at 3%, holds at 15% (fates 72-86 held): the fourth and sixth messages held at 72,
    // the bottom of the band, which any one level lowered moves above them.
    const target = twoReorderingsTarget([3, 5]);
    const start = [2, 1, 0, 0, 3, 0, 0, 0, 0, 0, 0, 72, 0, 0, 0, 72];
    const others = shrink({ target, choices: start, violation: bad, passes: ["zero-kinds", "lower-values", "lower-pairs", "lower-and-raise", "lower-and-switch", "lower-and-place"] });
    expect(others.choices).toEqual(start);
    // At 3% the hold band is 97-99 alone.
    expect(shrink({ target, choices: start, violation: bad, passes: ["lowest-levels"] }).choices).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 97, 0, 0, 0, 97]);
  });

  it("place-decisions moves two decisions together, which no move of one decision reaches", () => {
    const target = twoFaultTarget();
    const start = twoFaults([7, 0], [9, 1]);
    const single = shrink({ target, choices: start, violation: bad, passes: ["aligned-move-spans", "aligned-move-earlier", "aligned-swap-neighbours", "aligned-lower-values", "aligned-lower-pairs"] });
    expect(single.choices).toEqual(twoFaults([7, 0], [9, 1]).map((v) => (v === 95 ? 90 : v)));
    const placed = shrink({ target, choices: start, violation: bad, passes: ["place-decisions", "lower-values"] });
    expect(placed.choices).toEqual(twoFaults([0, 0], [2, 1]).map((v) => (v === 95 ? 90 : v)));
  });

  it("zero-kinds zeroes every draw of one kind at once, where ddmin windows of it break the failure", () => {
    const target = noisyTarget();
    const start = [95, 7, 3, 9, 4, 8, 1, 6, 2, 5, 9, 3, 7];
    expect(shrink({ target, choices: start, violation: bad, passes: ["zero-chunks", "aligned-zero-values"] }).choices.length).toBeGreaterThan(1);
    expect(shrink({ target, choices: start, violation: bad, passes: ["zero-kinds", "lower-values"] }).choices).toEqual([90]);
  });

  it("lower-and-raise lowers a fault level while raising the one trigger whose threshold moved, leaving the fault's length as it was", () => {
    // A level (0..3: 0%, 5%, 15%, 30%), then a fault: a trigger over the level's threshold and a length that must be 4.
    const target: Target = {
      run(source: ChoiceSource): Outcome {
        source.startSpan("fault profile");
        const level = [0, 5, 15, 30][source.draw(4, "level")] ?? 0;
        source.endSpan();
        source.startSpan("tick");
        const fault = source.drawBool(level, "fault?");
        const length = source.draw(10, "length");
        source.endSpan();
        return { violation: fault && length === 4 ? { invariant: "bad", message: `level ${level}` } : null, choices: source.record(), spans: source.spans(), coverage: [] };
      },
    };
    expect(shrink({ target, choices: [3, 70, 4], violation: bad, passes: ["lower-values", "lower-pairs"] }).choices).toEqual([3, 70, 4]);
    expect(shrink({ target, choices: [3, 70, 4], violation: bad, passes: ["lower-and-raise", "lower-values"] }).choices).toEqual([1, 95, 4]);
  });

  it("lower-and-switch lowers one setting while switching a later one, where either step alone loses the failure or grows the list", () => {
    // A horizon (0..9) and a pacing (0: spread, 1: bursts), then a fault whose trigger must pass 50: fails with
    // a long horizon, or with bursts and a horizon of at least 3.
    const target: Target = {
      run(source: ChoiceSource): Outcome {
        source.startSpan("horizon");
        const horizon = source.draw(10, "fault periods");
        source.endSpan();
        source.startSpan("swarm profile");
        const bursts = source.draw(2, "pacing") === 1;
        source.endSpan();
        source.startSpan("tick");
        const fault = source.draw(100, "fault?") >= 50;
        source.endSpan();
        const fails = fault && (bursts ? horizon >= 3 : horizon >= 8);
        return { violation: fails ? { invariant: "bad", message: `horizon ${horizon}` } : null, choices: source.record(), spans: source.spans(), coverage: [] };
      },
    };
    expect(shrink({ target, choices: [9, 0, 60], violation: bad, passes: ["lower-values", "lower-pairs", "lower-and-raise"] }).choices).toEqual([8, 0, 50]);
    expect(shrink({ target, choices: [9, 0, 60], violation: bad, passes: ["lower-values", "lower-and-switch"] }).choices).toEqual([3, 1, 50]);
  });

  it("lower-and-place lowers a clock setting and places both faults anew, where lowering it alone moves them in time and placing them alone keeps the faster clock", () => {
    const target = clockedFaultTarget({ horizons: null });
    // The fastest clock, faults at ticks 5 and 11.
    const start = [2, ...twoFaults([5, 0], [11, 1])];
    const others = shrink({ target, choices: start, violation: bad, passes: ["place-decisions", "lower-values", "lower-pairs", "lower-and-switch", "lower-and-raise"] });
    expect(others.choices).toEqual([2, ...twoFaults([0, 0], [6, 1]).map((v) => (v === 95 ? 90 : v))]);
    const placed = shrink({ target, choices: start, violation: bad, passes: ["lower-and-place", "lower-values"] });
    expect(placed.choices).toEqual([0, 90, 0, 0, 0, 90, 1]);
  });

  it("lower-and-place tries every shorter horizon, where the failure fits none of the fractions of the long one", () => {
    // A horizon of 0..19 ticks and a client operation paced at a third of it: fails when a fault hits the
    // operation's tick and the horizon is 3, 7, 11, 15 or 19 long (none of 0, a quarter, a half, three quarters
    // and one less of 19), so the shortest list needs the horizon lowered from 19 to 3 and the fault moved with it.
    const target: Target = {
      run(source: ChoiceSource): Outcome {
        source.startSpan("horizon");
        const horizon = source.draw(20, "fault periods");
        source.endSpan();
        let hit = false;
        for (let tick = 0; tick < horizon; tick++) {
          source.startSpan("tick");
          const fault = source.drawBool(10, "fault?");
          source.endSpan();
          if (fault && tick === Math.floor(horizon / 3)) hit = true;
        }
        const fails = hit && horizon % 4 === 3;
        return { violation: fails ? { invariant: "bad", message: `horizon ${horizon}` } : null, choices: source.record(), spans: source.spans(), coverage: [] };
      },
    };
    const start = [19, 0, 0, 0, 0, 0, 0, 95];
    const others = shrink({ target, choices: start, violation: bad, passes: ["place-decisions", "lower-values", "lower-pairs", "lower-and-switch", "lower-and-raise"] });
    expect(others.choices).toEqual([19, 0, 0, 0, 0, 0, 0, 90]);
    expect(shrink({ target, choices: start, violation: bad, passes: ["lower-and-place", "lower-values"] }).choices).toEqual([3, 0, 90]);
  });

  it("lower-switch-and-place lowers the clock, lengthens the horizon and places both faults anew, which lowering and placing alone cannot", () => {
    // The slow clock fits two faults 6 units apart only in a longer run, but its list is shorter.
    const target = clockedFaultTarget({ horizons: [8, 20, 32] });
    const start = [0, 2, ...twoFaults([0, 0], [6, 1])];
    const others = shrink({ target, choices: start, violation: bad, passes: ["place-decisions", "lower-and-place", "lower-values", "lower-pairs", "lower-and-switch"] });
    expect(others.choices).toEqual([0, 2, ...twoFaults([0, 0], [6, 1]).map((v) => (v === 95 ? 90 : v))]);
    const placed = shrink({ target, choices: start, violation: bad, passes: ["lower-switch-and-place", "lower-values"] });
    expect(placed.choices).toEqual([1, 0, 90, 0, 0, 0, 90, 1]);
  });

  it("keep-and-place keeps one of three writes and places it with the partition in a shorter run, where dropping one write, moving the partition or shortening the run alone loses the failure", () => {
    const target = writesBeforePartitionTarget();
    // A 10-tick run: writes at ticks 1, 2 and 3, the partition at tick 8 (two ticks before the heal).
    const start = [10, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 95];
    expect(target.run(new ReplayedChoices(start)).violation).not.toBeNull();
    const others = shrink({ target, choices: start, violation: bad, passes: ["zero-kinds", "aligned-zero-spans", "place-decisions", "lower-and-place", "lower-switch-and-place", "lower-and-switch", "prefix-rebuild", "lower-values", "lower-pairs"] });
    expect(others.choices.filter((v) => v === 1)).toHaveLength(3);
    const kept = shrink({ target, choices: start, violation: bad, passes: ["keep-and-place", "lower-values"] });
    // A 2-tick run: a write, then the partition in the same tick.
    expect(kept.choices).toEqual([2, 1, 90]);
  });

  it("keep-and-place does not try again, in one shrink, the settings and kinds of decisions it found nothing for, where another pass only changed a value inside a decision", () => {
    // Every write is needed: keeping fewer than all the decisions never fails.
    const target = writesBeforePartitionTarget(3);
    const start = [11];
    for (let tick = 0; tick < 11; tick++) start.push(tick >= 1 && tick <= 3 ? 1 : 0, tick === 9 ? 95 : 0);
    expect(target.run(new ReplayedChoices(start)).violation).not.toBeNull();
    const stats = (finalPasses: ShrinkPassName[]) => shrink({ target, choices: start, violation: bad, passes: [], finalPasses }).stats.passes;
    const once = stats(["keep-and-place"]).find((p) => p.name === "keep-and-place")?.runs ?? 0;
    expect(once).toBeGreaterThan(0);
    // lower-values lowers the partition's draw after each fruitless round, and hands back.
    const again = stats(["keep-and-place", "lower-values"]);
    expect(again.find((p) => p.name === "lower-values")?.accepted).toBeGreaterThan(0);
    expect(again.find((p) => p.name === "keep-and-place")?.runs).toBe(once);
  });

  it("aligned-raise-values turns the requests before a strike into reads, which keeps the strike after the fourth request and shortens the list, where every other pass only lowers", () => {
    const target = strikeAfterRequestsTarget();
    // Four writes, the strike after the fourth: index 3 * 5 + 4.
    const start = strikeAfterRequests(0b0000, 0);
    expect(start).toEqual([...new Array<number>(19).fill(0), 95]);
    const others = shrink({ target, choices: start, violation: bad, finalPasses: finalPassesWithoutRaise });
    expect(others.choices).toEqual([...new Array<number>(19).fill(0), 90]);
    const raised = shrink({ target, choices: start, violation: bad });
    expect(raised.choices).toEqual([1, 0, 1, 0, 1, 0, 1, 90]);
    expect(raised.stats.passes.find((p) => p.name === "aligned-raise-values")?.accepted).toBe(4);
  });

  it("aligned-raise-values runs last, so a default shrink never ends larger than one without it, and equal where it raised nothing", () => {
    expect(defaultFinalShrinkPasses.at(-1)).toBe("aligned-raise-values");
    // Failures where it raises (the strike target from mixed reads, writes and delays) and where it does not (the toy's).
    const strikes = strikeAfterRequestsTarget();
    const toy = createToyTarget();
    const starts = [
      ...[0b0000, 0b0101, 0b1010, 0b0011].map((reads) => ({ target: strikes, choices: strikeAfterRequests(reads, 40), invariant: "bad" })),
      ...findFailures(toy, { count: 3, invariant: "lease-safety", firstSeed: 900 }).map((f) => ({ target: toy, choices: f.choices, invariant: f.invariant })),
    ];
    let raisedSomewhere = false;
    for (const { target, choices, invariant } of starts) {
      const without = shrink({ target, choices, violation: { invariant }, finalPasses: finalPassesWithoutRaise });
      const withIt = shrink({ target, choices, violation: { invariant } });
      expect(compareShortlex(withIt.choices, without.choices)).toBeLessThanOrEqual(0);
      expect(withIt.stats.candidateRuns).toBeGreaterThanOrEqual(without.stats.candidateRuns);
      const raised = withIt.stats.passes.find((p) => p.name === "aligned-raise-values")?.accepted ?? 0;
      if (raised === 0) expect(withIt.choices).toEqual(without.choices);
      else raisedSomewhere = true;
    }
    expect(raisedSomewhere).toBe(true);
  });

  it("keep the same violation and never grow, each alone, on the toy's failures", () => {
    expectEachPassAloneKeepsItsViolation(["zero-kinds", "place-decisions", "lower-and-raise", "lower-and-switch", "lower-and-place", "lower-switch-and-place", "aligned-raise-values", "lowest-levels", "keep-and-place", "zero-suffixes"], { numRuns: 6, seed: 29 });
  });

  it("are deterministic: the same input gives the same output", () => {
    const target = twoFaultTarget();
    const once = shrink({ target, choices: twoFaults([7, 0], [9, 1]), violation: bad });
    const twice = shrink({ target, choices: twoFaults([7, 0], [9, 1]), violation: bad });
    expect(twice.choices).toEqual(once.choices);
    expect(twice.stats.candidateRuns).toBe(once.stats.candidateRuns);
  });
});
