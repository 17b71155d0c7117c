import { describe, expect, it } from "vitest";
import { checkLinearizability } from "../linearizability/check-linearizability.js";
import { queueModel } from "./queue-model.js";
import type { QueueInput, QueueOutput, QueueState } from "./queue-model.js";

const step = (state: QueueState, input: QueueInput, output?: QueueOutput) => queueModel.step(state, input, output);
const enqueue = (value: string): QueueInput => ({ op: "enqueue", value });
const dequeue: QueueInput = { op: "dequeue" };

describe("the queue model's step", () => {
  it("starts empty and enqueues at the back", () => {
    expect(queueModel.init()).toEqual([]);
    expect(step(["a"], enqueue("b"), null)).toEqual({ ok: true, state: ["a", "b"] });
  });

  it("accepts a dequeue only of the front value, and takes it off", () => {
    expect(step(["a", "b"], dequeue, "a")).toEqual({ ok: true, state: ["b"] });
    expect(step(["a", "b"], dequeue, "b")).toEqual({ ok: false });
  });

  it("accepts a dequeue answering empty only on an empty queue", () => {
    expect(step([], dequeue, null)).toEqual({ ok: true, state: [] });
    expect(step(["a"], dequeue, null)).toEqual({ ok: false });
    expect(step([], dequeue, "a")).toEqual({ ok: false });
  });

  it("lets a dequeue that never returned take the front value, or find the queue empty", () => {
    expect(step(["a", "b"], dequeue)).toEqual({ ok: true, state: ["b"] });
    expect(step([], dequeue)).toEqual({ ok: true, state: [] });
  });

  it("holds repeated values as copies", () => {
    const twice = step(["a"], enqueue("a"), null);
    expect(twice).toEqual({ ok: true, state: ["a", "a"] });
    if (twice.ok) expect(step(twice.state, dequeue, "a")).toEqual({ ok: true, state: ["a"] });
  });

  it("never changes the state it was given", () => {
    const state = Object.freeze(["a", "b"]);
    step(state, enqueue("c"), null);
    step(state, dequeue, "a");
    expect(state).toEqual(["a", "b"]);
  });

  it("hashes by order, and counts only a dequeue that found nothing as read-only", () => {
    const hash = queueModel.hash as (state: QueueState) => number;
    expect(hash(["a", "b"])).not.toBe(hash(["b", "a"]));
    expect(queueModel.equal?.(["a", "b"], ["a", "b"])).toBe(true);
    expect(queueModel.isReadOnly?.(dequeue, null)).toBe(true);
    expect(queueModel.isReadOnly?.(dequeue, undefined)).toBe(false);
    expect(queueModel.isReadOnly?.(dequeue, "a")).toBe(false);
    expect(queueModel.isReadOnly?.(enqueue("a"), null)).toBe(false);
  });

  it("words operations and states for witnesses", () => {
    expect(queueModel.describeOperation?.(dequeue, "a")).toBe('dequeue() -> "a"');
    expect(queueModel.describeState?.(["a", "b"])).toBe('["a", "b"] (front first)');
    expect(queueModel.describeState?.([])).toBe("empty");
  });

  it("gives its TSDoc example the verdict the example states", () => {
    expect(
      checkLinearizability(queueModel, [
        { client: 0, call: 0, return: 1, input: { op: "enqueue", value: "a" }, output: null },
        { client: 0, call: 2, return: 3, input: { op: "enqueue", value: "b" }, output: null },
        { client: 1, call: 4, return: 5, input: { op: "dequeue" }, output: "b" },
      ]).verdict,
    ).toBe("illegal");
  });
});
