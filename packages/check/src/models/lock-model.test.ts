import { describe, expect, it } from "vitest";
import { checkLinearizability } from "../linearizability/check-linearizability.js";
import { lockModel } from "./lock-model.js";
import type { LockInput, LockOutput, LockState } from "./lock-model.js";

const step = (state: LockState, input: LockInput, output?: LockOutput) => lockModel.step(state, input, output);
const acquire: LockInput = { op: "acquire" };
const release = (token: number): LockInput => ({ op: "release", token });
const write = (token: number, value: string): LockInput => ({ op: "write", token, value });
const read: LockInput = { op: "read" };
const free = (token: number, value: string | null = null): LockState => ({ token, held: false, value });
const held = (token: number, value: string | null = null): LockState => ({ token, held: true, value });

describe("the lock model's step", () => {
  it("starts free, with no token granted and nothing written", () => {
    expect(lockModel.init()).toEqual(free(0));
  });

  it("grants the n-th acquisition token n, and no other", () => {
    expect(step(free(0), acquire, 1)).toEqual({ ok: true, state: held(1) });
    expect(step(free(4, "x"), acquire, 5)).toEqual({ ok: true, state: held(5, "x") });
    expect(step(free(4), acquire, 4)).toEqual({ ok: false });
    expect(step(free(4), acquire, 6)).toEqual({ ok: false });
  });

  it("refuses an acquire on a held lock (answer null), and never refuses one on a free lock", () => {
    expect(step(held(2), acquire, null)).toEqual({ ok: true, state: held(2) });
    expect(step(held(2), acquire, 3)).toEqual({ ok: false });
    expect(step(free(2), acquire, null)).toEqual({ ok: false });
  });

  it("lets an acquire that never returned take a free lock under the next token, and change nothing on a held one", () => {
    expect(step(free(2), acquire)).toEqual({ ok: true, state: held(3) });
    expect(step(held(2), acquire)).toEqual({ ok: true, state: held(2) });
  });

  it("accepts a release only under the token that holds the lock", () => {
    expect(step(held(2), release(2), true)).toEqual({ ok: true, state: free(2) });
    expect(step(held(2), release(1), false)).toEqual({ ok: true, state: held(2) });
    expect(step(held(2), release(1), true)).toEqual({ ok: false });
    expect(step(free(2), release(2), false)).toEqual({ ok: true, state: free(2) });
    expect(step(free(2), release(2), true)).toEqual({ ok: false });
    expect(step(held(2), release(2), false)).toEqual({ ok: false });
  });

  it("accepts a fenced write only under the token that holds the lock, and not after its release", () => {
    expect(step(held(2), write(2, "x"), true)).toEqual({ ok: true, state: held(2, "x") });
    expect(step(held(2, "x"), write(1, "y"), false)).toEqual({ ok: true, state: held(2, "x") });
    expect(step(held(2), write(1, "y"), true)).toEqual({ ok: false });
    expect(step(free(2, "x"), write(2, "y"), false)).toEqual({ ok: true, state: free(2, "x") });
    expect(step(free(2, "x"), write(2, "y"), true)).toEqual({ ok: false });
  });

  it("accepts a read only of the last value written under the lock", () => {
    expect(step(free(0), read, null).ok).toBe(true);
    expect(step(free(3, "x"), read, "x").ok).toBe(true);
    expect(step(free(3, "x"), read, null).ok).toBe(false);
    expect(step(held(3, "x"), read, "y").ok).toBe(false);
  });

  it("never changes the state it was given", () => {
    const state = Object.freeze(held(2, "x"));
    step(state, write(2, "y"), true);
    step(state, release(2), true);
    expect(state).toEqual(held(2, "x"));
  });

  it("hashes and compares states by token, holding and value", () => {
    const hash = lockModel.hash as (state: LockState) => number;
    expect(hash(held(2, "x"))).toBe(hash(held(2, "x")));
    expect(new Set([free(2), held(2), free(3), held(2, "x"), free(2, "x")].map(hash)).size).toBe(5);
    expect(lockModel.equal?.(held(2, "x"), held(2, "x"))).toBe(true);
    expect(lockModel.equal?.(held(2), free(2))).toBe(false);
  });

  it("counts reads and refused calls as read-only", () => {
    expect(lockModel.isReadOnly?.(read, "x")).toBe(true);
    expect(lockModel.isReadOnly?.(acquire, null)).toBe(true);
    expect(lockModel.isReadOnly?.(acquire, undefined)).toBe(false);
    expect(lockModel.isReadOnly?.(release(1), false)).toBe(true);
    expect(lockModel.isReadOnly?.(write(1, "x"), true)).toBe(false);
  });

  it("words operations and states for witnesses", () => {
    expect(lockModel.describeOperation?.(acquire, 3)).toBe("acquire() -> token 3");
    expect(lockModel.describeOperation?.(write(3, "x"), false)).toBe('write(3, "x") -> refused');
    expect(lockModel.describeState?.(held(3, "x"))).toBe('held under token 3, resource "x"');
    expect(lockModel.describeState?.(free(0))).toBe("free (no token granted yet), resource empty");
  });

  it("gives its TSDoc example the verdict the example states", () => {
    expect(
      checkLinearizability(lockModel, [
        { client: 0, call: 0, return: 1, input: { op: "acquire" }, output: 1 },
        { client: 1, call: 2, return: 3, input: { op: "acquire" }, output: 2 },
      ]).verdict,
    ).toBe("illegal");
  });
});
