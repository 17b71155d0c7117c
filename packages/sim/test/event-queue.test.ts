import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EventQueue } from "../src/index.js";

describe("the event queue", () => {
  it("pops events by time, and events at the same time in the order they were pushed", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 200 }), (times) => {
        const queue = new EventQueue<{ time: number; seq: number; label: number }>();
        times.forEach((time, label) => queue.push({ time, seq: 0, label }));
        const popped: number[] = [];
        for (let e = queue.pop(); e !== undefined; e = queue.pop()) popped.push(e.label);
        const expected = times.map((time, label) => ({ time, label })).sort((a, b) => a.time - b.time || a.label - b.label);
        expect(popped).toEqual(expected.map((e) => e.label));
      }),
    );
  });

  it("reports the earliest time without removing it, Infinity when empty", () => {
    const queue = new EventQueue<{ time: number; seq: number }>();
    expect(queue.peekTime()).toBe(Infinity);
    queue.push({ time: 5, seq: 0 });
    queue.push({ time: 2, seq: 0 });
    expect(queue.peekTime()).toBe(2);
    expect(queue.size).toBe(2);
  });
});
