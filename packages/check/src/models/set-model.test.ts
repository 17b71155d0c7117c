import { describe, expect, it } from "vitest";
import { checkLinearizability } from "../linearizability/check-linearizability.js";
import { setModel } from "./set-model.js";
import type { SetInput, SetOutput, SetState } from "./set-model.js";

const step = (state: SetState, input: SetInput, output?: SetOutput) => setModel.step(state, input, output);
const add = (value: string): SetInput => ({ op: "add", value });
const remove = (value: string): SetInput => ({ op: "remove", value });
const read: SetInput = { op: "read" };

describe("the set model's step", () => {
  it("starts empty and keeps its members sorted, each once", () => {
    expect(setModel.init()).toEqual([]);
    let state = setModel.init();
    for (const value of ["b", "a", "c", "a"]) {
      const result = step(state, add(value), null);
      if (!result.ok) throw new Error("an unreported add is always legal");
      state = result.state;
    }
    expect(state).toEqual(["a", "b", "c"]);
  });

  it("accepts an add answering true only when the value was absent, false only when it was present", () => {
    expect(step([], add("a"), true)).toEqual({ ok: true, state: ["a"] });
    expect(step([], add("a"), false)).toEqual({ ok: false });
    expect(step(["a"], add("a"), false)).toEqual({ ok: true, state: ["a"] });
    expect(step(["a"], add("a"), true)).toEqual({ ok: false });
  });

  it("accepts a remove answering true only when the value was present, and then takes it out", () => {
    expect(step(["a", "b"], remove("a"), true)).toEqual({ ok: true, state: ["b"] });
    expect(step(["b"], remove("a"), true)).toEqual({ ok: false });
    expect(step(["b"], remove("a"), false)).toEqual({ ok: true, state: ["b"] });
    expect(step(["b"], remove("b"), null)).toEqual({ ok: true, state: [] });
  });

  it("applies an add or remove that never returned as if it took effect", () => {
    expect(step(["b"], add("a"))).toEqual({ ok: true, state: ["a", "b"] });
    expect(step(["a", "b"], remove("b"))).toEqual({ ok: true, state: ["a"] });
  });

  it("accepts a read listing exactly the members, in any order", () => {
    expect(step(["a", "b"], read, ["b", "a"]).ok).toBe(true);
    expect(step(["a", "b"], read, ["a", "b"]).ok).toBe(true);
    expect(step([], read, []).ok).toBe(true);
    expect(step(["a", "b"], read, ["a"]).ok).toBe(false);
    expect(step(["a"], read, ["a", "b"]).ok).toBe(false);
    expect(step(["a", "b"], read, ["a", "a"]).ok).toBe(false);
    expect(step(["a"], read, true).ok).toBe(false);
    expect(step(["a"], read).ok).toBe(true);
  });

  it("never changes the state it was given", () => {
    const state = Object.freeze(["a", "c"]);
    step(state, add("b"), true);
    step(state, remove("a"), true);
    expect(state).toEqual(["a", "c"]);
  });

  it("hashes and compares states by their members", () => {
    const hash = setModel.hash as (state: SetState) => number;
    expect(hash(["a", "b"])).toBe(hash(["a", "b"]));
    expect(hash(["ab"])).not.toBe(hash(["a", "b"]));
    expect(setModel.equal?.(["a", "b"], ["a", "b"])).toBe(true);
    expect(setModel.equal?.(["a", "b"], ["a"])).toBe(false);
  });

  it("counts reads, and adds or removes that changed nothing, as read-only", () => {
    expect(setModel.isReadOnly?.(read, ["a"])).toBe(true);
    expect(setModel.isReadOnly?.(add("a"), false)).toBe(true);
    expect(setModel.isReadOnly?.(add("a"), true)).toBe(false);
    expect(setModel.isReadOnly?.(add("a"), undefined)).toBe(false);
    expect(setModel.isReadOnly?.(remove("a"), null)).toBe(false);
  });

  it("words operations and states for witnesses", () => {
    expect(setModel.describeOperation?.(add("a"), true)).toBe('add("a") -> changed');
    expect(setModel.describeOperation?.(remove("a"), null)).toBe('remove("a")');
    expect(setModel.describeOperation?.(read, ["b", "a"])).toBe('read() -> { "b", "a" }');
    expect(setModel.describeState?.([])).toBe("{}");
  });

  it("gives its TSDoc example the verdict the example states", () => {
    expect(
      checkLinearizability(setModel, [
        { client: 0, call: 0, return: 2, input: { op: "add", value: "a" }, output: null },
        { client: 1, call: 1, return: 3, input: { op: "read" }, output: [] },
        { client: 1, call: 4, return: 5, input: { op: "read" }, output: [] },
      ]).verdict,
    ).toBe("illegal");
  });
});
