import { ReplayedChoices, runLayout, type ChoiceSource } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { choicesFromSpec, hunt, type Outcome, type Target } from "../src/index.js";

/**
 * A long run of 300 decisions after a settings span: the bug needs one
 * particular decision to be unusual (position 100) and at most three
 * others, as a failure that more faults would mask.
 */
function quietBug(): Target {
  return {
    run(source: ChoiceSource): Outcome {
      source.startSpan("cluster size");
      source.draw(2, "cluster size");
      source.endSpan();
      let noise = 0;
      let hits = 0;
      for (let i = 0; i < 300; i++) {
        source.startSpan("event");
        const value = source.draw(10, "event");
        source.endSpan();
        if (value === 0) continue;
        if (i === 100) hits++;
        else noise++;
      }
      const violation = hits === 1 && noise <= 3 ? { invariant: "quiet", message: "an unusual decision at the right moment, and almost nothing else" } : null;
      return { violation, choices: source.record(), spans: source.spans(), coverage: [] };
    },
  };
}

describe("the sparse strategy", () => {
  it("draws the settings as random does and keeps every later decision calm but for the density asked", () => {
    const source = choicesFromSpec({ kind: "sparse", seed: 3, percent: 10 });
    source.startSpan("cluster size");
    const settings = Array.from({ length: 200 }, () => source.draw(1000));
    source.endSpan();
    const later = Array.from({ length: 10_000 }, () => source.draw(1000));
    expect(settings.filter((v) => v === 0).length).toBeLessThan(5);
    const unusual = later.filter((v) => v !== 0).length;
    expect(unusual).toBeGreaterThan(800);
    expect(unusual).toBeLessThan(1200);
  });

  it("treats the first draws of a run that opens no settings span as settings", () => {
    const source = choicesFromSpec({ kind: "sparse", seed: 5, percent: 1 });
    const head = Array.from({ length: runLayout.settingsDrawsMax }, () => source.draw(1000));
    expect(head.filter((v) => v !== 0).length).toBeGreaterThan(runLayout.settingsDrawsMax / 2);
  });

  it("records what it drew, so its run replays exactly", () => {
    const target = quietBug();
    const original = target.run(choicesFromSpec({ kind: "sparse", seed: 9, percent: 3 }));
    expect(target.run(new ReplayedChoices(original.choices)).choices).toEqual(original.choices);
  });

  it("finds a failure that needs one unusual decision in a calm run, where random search, whose runs are never calm, does not", () => {
    for (let seed = 1; seed <= 3; seed++) {
      expect(hunt({ target: quietBug(), strategy: "sparse", budget: 20_000, seed }).found, `sparse, seed ${seed}`).toBe(true);
      expect(hunt({ target: quietBug(), strategy: "random", budget: 20_000, seed }).found, `random, seed ${seed}`).toBe(false);
    }
  });

  it("is deterministic given its seed", () => {
    const a = hunt({ target: quietBug(), strategy: "sparse", budget: 20_000, seed: 11 });
    const b = hunt({ target: quietBug(), strategy: "sparse", budget: 20_000, seed: 11 });
    expect(b.trials).toBe(a.trials);
    expect(b.found && b.choices).toEqual(a.found && a.choices);
  });
});
