import { describe, expect, it } from "vitest";
import { checkLinearizability } from "../linearizability/check-linearizability.js";
import { counterModel } from "./counter-model.js";
import type { CounterInput, CounterOutput } from "./counter-model.js";

const step = (state: number, input: CounterInput, output?: CounterOutput) => counterModel.step(state, input, output);
const read: CounterInput = { op: "read" };
const add = (delta: number): CounterInput => ({ op: "add", delta });
const cas = (expected: number, value: number): CounterInput => ({ op: "cas", expected, value });

describe("the counter model's step", () => {
  it("starts at 0 and accepts a read only of the value", () => {
    expect(counterModel.init()).toBe(0);
    expect(step(3, read, 3)).toEqual({ ok: true, state: 3 });
    expect(step(3, read, 4)).toEqual({ ok: false });
    expect(step(3, read)).toEqual({ ok: true, state: 3 });
  });

  it("adds, and accepts an add's answer only when it is the value after", () => {
    expect(step(3, add(2), 5)).toEqual({ ok: true, state: 5 });
    expect(step(3, add(2), 2)).toEqual({ ok: false });
    expect(step(3, add(-4), null)).toEqual({ ok: true, state: -1 });
    expect(step(3, add(1))).toEqual({ ok: true, state: 4 });
  });

  it("compares and sets: success only from the expected value, and the answer must say which", () => {
    expect(step(3, cas(3, 7), true)).toEqual({ ok: true, state: 7 });
    expect(step(3, cas(2, 7), false)).toEqual({ ok: true, state: 3 });
    expect(step(3, cas(3, 7), false)).toEqual({ ok: false });
    expect(step(3, cas(2, 7), true)).toEqual({ ok: false });
  });

  it("lets a cas that never returned succeed when it can, and change nothing when it cannot", () => {
    expect(step(3, cas(3, 7))).toEqual({ ok: true, state: 7 });
    expect(step(3, cas(2, 7))).toEqual({ ok: true, state: 3 });
  });

  it("counts reads, adds of 0, failed cas and cas to the expected value as read-only", () => {
    expect(counterModel.isReadOnly?.(read, 1)).toBe(true);
    expect(counterModel.isReadOnly?.(add(0), null)).toBe(true);
    expect(counterModel.isReadOnly?.(add(1), null)).toBe(false);
    expect(counterModel.isReadOnly?.(cas(1, 2), false)).toBe(true);
    expect(counterModel.isReadOnly?.(cas(1, 2), undefined)).toBe(false);
    expect(counterModel.isReadOnly?.(cas(2, 2), true)).toBe(true);
  });

  it("words operations for witnesses", () => {
    expect(counterModel.describeOperation?.(add(1), 4)).toBe("add(1) -> 4");
    expect(counterModel.describeOperation?.(add(1), null)).toBe("add(1)");
    expect(counterModel.describeOperation?.(cas(1, 2), false)).toBe("cas(1, 2) -> failed");
  });

  it("gives its TSDoc example the verdict the example states", () => {
    expect(
      checkLinearizability(counterModel, [
        { client: 0, call: 0, return: 2, input: { op: "add", delta: 1 }, output: 1 },
        { client: 1, call: 1, return: 3, input: { op: "add", delta: 1 }, output: 1 },
      ]).verdict,
    ).toBe("illegal");
  });
});
