import { describe, expect, it } from "vitest";
import { chooseLog, PrepareOks, sharedPrefix, type ViewChangeVote, type VrEntry } from "../src/index.js";

const entry = (view: number, id: string): VrEntry => ({ view, id, client: 0, seq: 1, input: { op: "write", value: id } });

describe("the log a new primary adopts", () => {
  // s1 was primary of view 1 and kept three ops no one else holds; view 2 committed one op without it.
  const stale: ViewChangeVote = { from: 1, log: [entry(1, "a"), entry(1, "b"), entry(1, "c")], lastNormalView: 1, commit: 0 };
  const fresh: ViewChangeVote = { from: 2, log: [entry(2, "x")], lastNormalView: 2, commit: 1 };

  it("is the one with the latest last normal view, even when another log is longer", () => {
    expect(chooseLog([stale, fresh], false)).toBe(fresh);
    expect(chooseLog([fresh, stale], false)).toBe(fresh);
  });

  it("is the longest among those of the same last normal view, the first received on a tie", () => {
    const longer: ViewChangeVote = { ...fresh, from: 0, log: [...fresh.log, entry(2, "y")] };
    expect(chooseLog([fresh, longer], false)).toBe(longer);
    expect(chooseLog([fresh, { ...fresh, from: 0 }], false)).toBe(fresh);
  });

  it("is the longest whatever its last normal view under longest_log_wins, which loses view 2's committed op", () => {
    expect(chooseLog([fresh, stale], true)).toBe(stale);
  });

  it("keeps the entries two logs share, the same op in the same view", () => {
    expect(sharedPrefix(stale.log, [entry(1, "a"), entry(2, "b")])).toBe(1);
    expect(sharedPrefix(stale.log, stale.log.slice(0, 2))).toBe(2);
    expect(sharedPrefix([], stale.log)).toBe(0);
  });
});

describe("the primary's count of PrepareOKs", () => {
  it("counts each backup once per op, however often it says it holds the op", () => {
    const oks = new PrepareOks(false);
    oks.record(1, { first: 1, last: 2 });
    oks.record(1, { first: 1, last: 3 });
    expect([oks.count(1), oks.count(2), oks.count(3)]).toEqual([1, 1, 1]);
    oks.record(2, { first: 2, last: 2 });
    expect(oks.count(2)).toBe(2);
  });

  it("counts a repeated PrepareOK again under count_duplicate_prepare_oks", () => {
    const oks = new PrepareOks(true);
    oks.record(1, { first: 1, last: 1 });
    oks.record(1, { first: 1, last: 1 });
    expect(oks.count(1)).toBe(2);
  });

  it("forgets committed ops, and everything at a new view", () => {
    const oks = new PrepareOks(false);
    oks.record(1, { first: 1, last: 3 });
    oks.forgetUpTo(2);
    expect([oks.count(2), oks.count(3)]).toEqual([0, 1]);
    oks.clear();
    expect(oks.count(3)).toBe(0);
  });
});
