import { describe, expect, it } from "vitest";
import { LearnedLog } from "../src/internal/learned-log.js";
import type { PaxosEntry } from "../src/messages.js";

const entry = (id: string, ballot = 1): PaxosEntry => ({ ballot, id, client: null, seq: null, input: null });

describe("LearnedLog", () => {
  it("appends a slot learned in order and reports that the log grew by one", () => {
    const learned = new LearnedLog();
    expect(learned.learn(1, entry("a"))).toBe(1);
    expect(learned.log.map((e) => e.id)).toEqual(["a"]);
  });

  it("holds a slot learned beyond a gap until the gap is learned, then appends both", () => {
    const learned = new LearnedLog();
    expect(learned.learn(3, entry("c"))).toBe(0);
    expect(learned.learn(2, entry("b"))).toBe(0);
    expect(learned.log).toEqual([]);
    expect([...learned.aheadSlots()].sort()).toEqual([2, 3]);
    expect(learned.learn(1, entry("a"))).toBe(3);
    expect(learned.log.map((e) => e.id)).toEqual(["a", "b", "c"]);
    expect([...learned.aheadSlots()]).toEqual([]);
  });

  it("ignores a slot it already knows, in the log or beyond it", () => {
    const learned = new LearnedLog();
    learned.learn(1, entry("a"));
    learned.learn(3, entry("c"));
    expect(learned.learn(1, entry("x"))).toBe(0);
    expect(learned.learn(3, entry("y"))).toBe(0);
    expect(learned.knows(3)).toBe(true);
    expect(learned.knows(2)).toBe(false);
    learned.learn(2, entry("b"));
    expect(learned.log.map((e) => e.id)).toEqual(["a", "b", "c"]);
  });

  it("shows each slot's ballot as its term, and never changes a view it returned", () => {
    const learned = new LearnedLog();
    learned.learn(1, entry("a", 7));
    const first = learned.view();
    expect(first).toEqual([{ term: 7, id: "a" }]);
    expect(learned.view()).toBe(first);
    learned.learn(2, entry("b", 9));
    const second = learned.view();
    expect(second).toEqual([{ term: 7, id: "a" }, { term: 9, id: "b" }]);
    expect(first).toEqual([{ term: 7, id: "a" }]);
    expect(second[0]).toBe(first[0]);
  });
});
