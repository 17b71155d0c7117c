import { ReplayedChoices, type ChoiceSource } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { compareShortlex, defaultFinalShrinkPasses, shrink, trimChoices, type Outcome, type ShrinkPassName, type Target } from "../src/index.js";
import { findFailures } from "./fixtures/failures.js";
import { expectEachPassAloneKeepsItsViolation } from "./fixtures/pass-laws.js";
import { createToyTarget } from "./fixtures/toy-target.js";
import { clockedFaultTarget, noisyTarget, strikeAfterRequests, strikeAfterRequestsTarget, twoFaultTarget, twoFaults, twoMechanismTarget, twoReorderingsTarget, writesBeforePartitionTarget, pausesBetweenFaultsTarget } from "./fixtures/world-shaped-targets.js";

const bad = { invariant: "bad" };

/** The default final passes without `aligned-raise-values`: the shrink it must never end above. */
const finalPassesWithoutRaise = defaultFinalShrinkPasses.filter((name) => name !== "aligned-raise-values");

describe("passes toward one normal form", () => {
  it("place-decisions writes a nemesis strike as the fault clock's partition, which no move of values reaches", () => {
    const target = twoMechanismTarget();
    // Strikes at 10%; the strike at event 7 isolates node 2: 7 ticks of 7 draws and 2 strikes of 3 before it.
    const strikeAt = 7 + 7 * 8 + 3 * 2;
    const start = [0, 0, 0, 0, 1, 0, 0, ...new Array<number>(strikeAt - 7).fill(0), 90, 0, 0];
    const others = shrink({ target, choices: start, violation: bad, passes: ["lower-values", "aligned-lower", "move-and-swap"] });
    expect(others.choices).toEqual(trimChoices(start));
    const reencoded = shrink({ target, choices: start, violation: bad, passes: ["place-decisions", "lower-values"] });
    // Partitions on at 5%, the nemesis off (the in-flight cut the pass turned on does not matter here: lowered again); node 2 cut off at the first tick.
    expect(reencoded.choices).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 95, 0, 2]);
  });

  it("place-decisions writes a message the delay spread made late as a held one, which no move of values reaches", () => {
    const target = twoReorderingsTarget();
    // The delay level on, the fourth message 6 late (after the fifth).
    const start = [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6];
    const others = shrink({ target, choices: start, violation: bad, passes: ["zero-kinds", "lower-values", "aligned-lower", "move-and-swap"] });
    expect(others.choices).toEqual(start);
    // The hold level on and the fourth message held: the hold level comes later among the settings, so the list is smaller.
    expect(shrink({ target, choices: start, violation: bad, passes: ["place-decisions", "lower-values"] }).choices).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 97]);
  });

  it("place-decisions writes a decision with only its first unusual draw, where the decision as it stands fits no earlier slot", () => {
    // Eight ticks: a fault (at 90 and up) on node 3 fails from the sixth tick on, one on node 0 only in the first two.
    const target: Target = {
      run(source: ChoiceSource): Outcome {
        let fails = false;
        for (let tick = 0; tick < 8; tick++) {
          source.startSpan("tick");
          const fault = source.draw(100, "fault?") >= 90;
          const node = source.draw(5, "node");
          source.endSpan();
          if (fault && ((node === 3 && tick >= 5) || (node === 0 && tick < 2))) fails = true;
        }
        return { violation: fails ? { invariant: "bad", message: "a fault" } : null, choices: source.record(), spans: source.spans(), coverage: [] };
      },
    };
    const start = [...new Array<number>(10).fill(0), 95, 3];
    // The first tick's fault, its node left at 0.
    expect(shrink({ target, choices: start, violation: bad, passes: ["place-decisions"] }).choices).toEqual([95]);
  });

  it("lowest-levels brings every fault level down at once with each trigger moved to its band, where lowering one level and raising one trigger loses the other", () => {
    // Drops at 10%, duplicates at 3%, holds at 15% (fates 72-86 held): the fourth and sixth messages held at 72,
    // the bottom of the band, which any one level lowered moves above them.
    const target = twoReorderingsTarget([3, 5]);
    const start = [2, 1, 0, 0, 3, 0, 0, 0, 0, 0, 0, 72, 0, 0, 0, 72];
    const others = shrink({ target, choices: start, violation: bad, passes: ["zero-kinds", "lower-values", "aligned-lower", "place-decisions"] });
    expect(others.choices).toEqual(start);
    // At 3% the hold band is 97-99 alone.
    expect(shrink({ target, choices: start, violation: bad, passes: ["lowest-levels"] }).choices).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 97, 0, 0, 0, 97]);
  });

  it("place-decisions moves two decisions together, which no move of one decision reaches", () => {
    const target = twoFaultTarget();
    const start = twoFaults([7, 0], [9, 1]);
    const single = shrink({ target, choices: start, violation: bad, passes: ["move-and-swap", "aligned-lower"] });
    expect(single.choices).toEqual(twoFaults([7, 0], [9, 1]).map((v) => (v === 95 ? 90 : v)));
    const placed = shrink({ target, choices: start, violation: bad, passes: ["place-decisions", "lower-values"] });
    expect(placed.choices).toEqual(twoFaults([0, 0], [2, 1]).map((v) => (v === 95 ? 90 : v)));
  });

  it("place-decisions places two faults anew past ten alike pauses that each hold their timing, where more decisions than it keeps subsets of left it alone", () => {
    const target = pausesBetweenFaultsTarget();
    // The faults at ticks 0 and 12, ten pauses between them: any one pause zeroed puts them three apart.
    const start = [0, 95, 0, ...Array.from({ length: 10 }, () => [1, 0, 0]).flat(), 0, 0, 0, 0, 95, 1];
    expect(shrink({ target, choices: start, violation: bad, passes: ["lower-values"] }).choices).toEqual(start.map((v) => (v === 95 ? 90 : v)));
    // Twelve decisions, three of them unlike: the two faults kept, the pauses cleared, the second fault two ticks on.
    expect(shrink({ target, choices: start, violation: bad, passes: ["place-decisions", "lower-values"] }).choices).toEqual([0, 90, 0, 0, 0, 0, 0, 90, 1]);
  });

  it("zero-kinds zeroes every draw of one kind at once, where ddmin windows of it break the failure", () => {
    const target = noisyTarget();
    const start = [95, 7, 3, 9, 4, 8, 1, 6, 2, 5, 9, 3, 7];
    expect(shrink({ target, choices: start, violation: bad, passes: ["zero-chunks", "aligned-zero"] }).choices.length).toBeGreaterThan(1);
    expect(shrink({ target, choices: start, violation: bad, passes: ["zero-kinds", "lower-values"] }).choices).toEqual([90]);
  });

  it("place-decisions lowers one setting while switching a later one, where either step alone loses the failure or grows the list", () => {
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
    expect(shrink({ target, choices: [9, 0, 60], violation: bad, passes: ["lower-values", "aligned-lower"] }).choices).toEqual([8, 0, 50]);
    expect(shrink({ target, choices: [9, 0, 60], violation: bad, passes: ["lower-values", "place-decisions"] }).choices).toEqual([3, 1, 50]);
  });

  it("place-decisions lowers a clock setting and places both faults anew, where lowering it alone moves them in time and placing them alone keeps the faster clock", () => {
    const target = clockedFaultTarget({ horizons: null });
    // The fastest clock, faults at ticks 5 and 11.
    const start = [2, ...twoFaults([5, 0], [11, 1])];
    const others = shrink({ target, choices: start, violation: bad, passes: ["move-and-swap", "lower-values", "aligned-lower"] });
    const placed = shrink({ target, choices: start, violation: bad, passes: ["place-decisions", "lower-values"] });
    expect(placed.choices).toEqual([0, 90, 0, 0, 0, 90, 1]);
    expect(others.choices[0]).toBe(2);
    expect(others.choices.length).toBeGreaterThan(placed.choices.length);
  });

  it("place-decisions tries every shorter horizon, where the failure fits none of the fractions of the long one", () => {
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
    const others = shrink({ target, choices: start, violation: bad, passes: ["move-and-swap", "lower-values", "aligned-lower"] });
    expect(others.choices).toEqual([19, 0, 0, 0, 0, 0, 0, 90]);
    expect(shrink({ target, choices: start, violation: bad, passes: ["place-decisions", "lower-values"] }).choices).toEqual([3, 0, 90]);
  });

  it("place-decisions lowers the clock, lengthens the horizon and places both faults anew, which lowering and placing alone cannot", () => {
    // The slow clock fits two faults 6 units apart only in a longer run, but its list is shorter.
    const target = clockedFaultTarget({ horizons: [8, 20, 32] });
    const start = [0, 2, ...twoFaults([0, 0], [6, 1])];
    const others = shrink({ target, choices: start, violation: bad, passes: ["move-and-swap", "lower-values", "aligned-lower"] });
    expect(others.choices).toEqual([0, 2, ...twoFaults([0, 0], [6, 1]).map((v) => (v === 95 ? 90 : v))]);
    const placed = shrink({ target, choices: start, violation: bad, passes: ["place-decisions", "lower-values"] });
    expect(placed.choices).toEqual([1, 0, 90, 0, 0, 0, 90, 1]);
  });

  it("place-decisions keeps one of three writes and places it with the partition in a shorter run, where dropping one write, moving the partition or shortening the run alone loses the failure", () => {
    const target = writesBeforePartitionTarget();
    // A 10-tick run: writes at ticks 1, 2 and 3, the partition at tick 8 (two ticks before the heal).
    const start = [10, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 95];
    expect(target.run(new ReplayedChoices(start)).violation).not.toBeNull();
    const others = shrink({ target, choices: start, violation: bad, passes: ["zero-kinds", "aligned-zero", "move-and-swap", "redraw", "lower-values", "aligned-lower"] });
    expect(others.choices.filter((v) => v === 1)).toHaveLength(3);
    const kept = shrink({ target, choices: start, violation: bad, passes: ["place-decisions", "lower-values"] });
    // A 2-tick run: a write, then the partition in the same tick.
    expect(kept.choices).toEqual([2, 1, 90]);
  });

  it("place-decisions does not try again, in one shrink, the settings and kinds of decisions it found nothing for, where another pass only changed a value inside a decision", () => {
    // Every write is needed: keeping fewer than all the decisions never fails.
    const target = writesBeforePartitionTarget(3);
    const start = [11];
    for (let tick = 0; tick < 11; tick++) start.push(tick >= 1 && tick <= 3 ? 1 : 0, tick === 9 ? 95 : 0);
    expect(target.run(new ReplayedChoices(start)).violation).not.toBeNull();
    const stats = (finalPasses: ShrinkPassName[]) => shrink({ target, choices: start, violation: bad, passes: [], finalPasses }).stats.passes;
    const once = stats(["place-decisions"]).find((p) => p.name === "place-decisions")?.runs ?? 0;
    expect(once).toBeGreaterThan(0);
    // lower-values lowers the partition's draw after each fruitless round, and hands back.
    const again = stats(["place-decisions", "lower-values"]);
    expect(again.find((p) => p.name === "lower-values")?.accepted).toBeGreaterThan(0);
    expect(again.find((p) => p.name === "place-decisions")?.runs).toBe(once);
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
    expectEachPassAloneKeepsItsViolation(["zero-kinds", "place-decisions", "aligned-raise-values", "lowest-levels", "redraw", "move-and-swap", "aligned-zero"], { numRuns: 6, seed: 29 });
  });

  it("are deterministic: the same input gives the same output", () => {
    const target = twoFaultTarget();
    const once = shrink({ target, choices: twoFaults([7, 0], [9, 1]), violation: bad });
    const twice = shrink({ target, choices: twoFaults([7, 0], [9, 1]), violation: bad });
    expect(twice.choices).toEqual(once.choices);
    expect(twice.stats.candidateRuns).toBe(once.stats.candidateRuns);
  });
});
