import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EventQueue } from "../src/index.js";

describe("the event queue", () => {
  it("pops events by time, and events at the same time in the order they were pushed", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 200 }), (times) => {
        const queue = new EventQueue<{ time: number; label: number }>();
        times.forEach((time, label) => queue.push({ time, label }));
        const popped: number[] = [];
        for (let e = queue.pop(); e !== undefined; e = queue.pop()) popped.push(e.label);
        const expected = times.map((time, label) => ({ time, label })).sort((a, b) => a.time - b.time || a.label - b.label);
        expect(popped).toEqual(expected.map((e) => e.label));
      }),
    );
  });

  it("reports the earliest time without removing it, Infinity when empty", () => {
    const queue = new EventQueue<{ time: number }>();
    expect(queue.peekTime()).toBe(Infinity);
    queue.push({ time: 5 });
    queue.push({ time: 2 });
    expect(queue.peekTime()).toBe(2);
    expect(queue.size).toBe(2);
  });
});

describe("the event queue's contract", () => {
  it("refuses an event in the past or at a fractional time: that would break replay", () => {
    const queue = new EventQueue<{ time: number }>();
    queue.push({ time: 3 });
    queue.pop();
    expect(() => queue.push({ time: 2 })).toThrow(RangeError);
    expect(() => queue.push({ time: 4.5 })).toThrow(RangeError);
    queue.push({ time: 3 });
    expect(queue.pop()?.time).toBe(3);
  });
});
