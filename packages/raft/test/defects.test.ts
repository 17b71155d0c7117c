import { readFileSync } from "node:fs";
import { ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { raftBugs, runRaft, type RaftBugName } from "../src/index.js";

interface Fixture {
  readonly bug: RaftBugName;
  readonly foundWith: string;
  readonly violation: { readonly invariant: string; readonly message: string };
  readonly choices: number[];
}

function fixture(bug: RaftBugName): Fixture {
  return JSON.parse(readFileSync(new URL(`./fixtures/${bug}.json`, import.meta.url), "utf8")) as Fixture;
}

describe("each seeded defect, replayed from a saved choice list", () => {
  for (const bug of raftBugs) {
    it(`${bug.name} breaks ${bug.caughtBy}, and correct Raft survives the same choices`, () => {
      const saved = fixture(bug.name);
      const broken = runRaft({ bugs: [bug.name], choices: new ReplayedChoices(saved.choices) });
      expect(broken.violation?.invariant, `fixture found with ${saved.foundWith}`).toBe(bug.caughtBy);
      expect(broken.violation?.message).toBe(saved.violation.message);
      expect(runRaft({ choices: new ReplayedChoices(saved.choices) }).violation).toBeNull();
    });
  }
});

describe("the defect registry", () => {
  const source = readFileSync(new URL("../src/raft-node.ts", import.meta.url), "utf8");

  it("lists eight distinct defects, each with a mistake and the property expected to catch it", () => {
    expect(new Set(raftBugs.map((b) => b.name)).size).toBe(8);
    for (const bug of raftBugs) expect(bug.mistake.length).toBeGreaterThan(20);
  });

  it("guards each defect exactly once in the one implementation", () => {
    for (const bug of raftBugs) expect(source.split(`bugs.has("${bug.name}")`).length - 1, bug.name).toBe(1);
  });
});
