import { GeneratedChoices, hashTrace, ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { runRaft } from "../src/index.js";

describe("determinism", () => {
  it("the same choices twice give the same trace hash", () => {
    for (const seed of [1, 2, 3, 42, 1234]) {
      const first = runRaft({ choices: new GeneratedChoices(seed), recordTrace: true });
      const second = runRaft({ choices: new GeneratedChoices(seed), recordTrace: true });
      expect(hashTrace(second.trace), `seed ${seed}`).toBe(hashTrace(first.trace));
    }
  });

  it("replaying the recorded choices of a generated run reproduces it exactly", () => {
    for (const bugs of [[], ["vote_twice_in_term" as const]]) {
      const generated = runRaft({ bugs, choices: new GeneratedChoices(7), recordTrace: true });
      const replayed = runRaft({ bugs, choices: new ReplayedChoices(generated.choices), recordTrace: true });
      expect(hashTrace(replayed.trace)).toBe(hashTrace(generated.trace));
      expect(replayed.violation).toEqual(generated.violation);
      expect(replayed.raft).toEqual(generated.raft);
    }
  });
});
