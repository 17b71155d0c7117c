import { readFileSync } from "node:fs";
import { findProtocolPlugin, ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { protocolPlugin as mutantsPlugin, raftMutants } from "../bench/mutants.js";
import { isRaftBugName, raftBugs, raftLeaseBugs, runRaft, type RaftBugName } from "../src/index.js";

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

describe("each saved defect's violation names its subjects as data", () => {
  const told = (bug: RaftBugName) => runRaft({ bugs: [bug], choices: new ReplayedChoices(fixture(bug).choices), recordTrace: true });

  it("a leader that lacks a committed entry: the leader, its term and the entry", () => {
    const run = told("no_log_up_to_date_check");
    expect(run.violation?.subjects).toEqual({ property: "safety", nodes: [2], terms: [2], entries: [7], operations: [] });
  });

  it("two leaders of one term: both nodes and the term", () => {
    expect(told("vote_twice_in_term").violation?.subjects).toEqual({ property: "safety", nodes: [2, 4], terms: [2], entries: [], operations: [] });
  });

  it("an operation applied twice: the operation by client and seq, and both entries", () => {
    expect(told("no_client_dedup").violation?.subjects).toEqual({ property: "safety", nodes: [1], terms: [], entries: [5, 8], operations: [{ client: 1, seq: 2, role: "involved" }] });
  });

  it("a stale read: the read no order can place, found in the trace by client and seq", () => {
    const run = told("stale_local_read");
    const unplaceable = run.violation?.subjects?.operations?.find((o) => o.role === "unplaceable");
    const op = run.history.find((o) => o.client === unplaceable?.client && o.seq === unplaceable.seq);
    expect(op?.input).toEqual({ op: "read" });
    expect(op?.output).toBeNull();
    expect(run.trace.some((e) => e.kind === "client-response" && e.client === op?.client && e.seq === op.seq && e.time === op.return)).toBe(true);
  });
});

describe("the defect registry", () => {
  const source = readFileSync(new URL("../src/raft-node.ts", import.meta.url), "utf8");

  it("lists nine defects, each its own name and its own mistake, and the name check accepts exactly those", () => {
    expect(new Set(raftBugs.map((b) => b.name)).size).toBe(9);
    expect(new Set(raftBugs.map((b) => b.mistake)).size).toBe(9);
    for (const bug of raftBugs) expect(isRaftBugName(bug.name), bug.name).toBe(true);
    for (const near of ["vote_twice", "VOTE_TWICE_IN_TERM", "none", "", "vote_twice_in_term "]) expect(isRaftBugName(near), JSON.stringify(near)).toBe(false);
  });

  it("guards each defect exactly once in the one implementation, the lease defects and the benchmark's mutants too", () => {
    for (const bug of [...raftBugs, ...raftLeaseBugs, ...raftMutants]) expect(source.split(`bugs.has("${bug.name}")`).length - 1, bug.name).toBe(1);
  });

  it("keeps the benchmark's mutants out of the defects a user can name", () => {
    for (const mutant of raftMutants) expect(isRaftBugName(mutant.name), mutant.name).toBe(false);
    expect(findProtocolPlugin({ protocolPlugin: mutantsPlugin }).ok).toBe(true);
  });
});
