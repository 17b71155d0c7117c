import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EventQueue } from "./event-queue.js";

/** A reference queue: a stable sort by time, the order the ring must reproduce. */
function reference(events: readonly { time: number; label: number }[]): number[] {
  return [...events].sort((a, b) => a.time - b.time || a.label - b.label).map((e) => e.label);
}

describe("the event queue's ring and overflow list", () => {
  it("keeps time order and push order within a millisecond when pops and pushes interleave far beyond the ring, many far events at one time", () => {
    const op = fc.oneof(fc.record({ push: fc.constant(true), ahead: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 400, max: 3000 }), fc.constantFrom(512, 700, 1500)) }), fc.record({ push: fc.constant(false), ahead: fc.constant(0) }));
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const queue = new EventQueue<{ time: number; label: number }>();
        const pending: { time: number; label: number }[] = [];
        let now = 0;
        let label = 0;
        const popped: number[] = [];
        const expected: number[] = [];
        for (const { push, ahead } of ops) {
          if (push) {
            const event = { time: now + ahead, label: label++ };
            queue.push(event);
            pending.push(event);
            continue;
          }
          const next = queue.pop();
          const want = reference(pending)[0];
          expected.push(want ?? -1);
          popped.push(next?.label ?? -1);
          if (next !== undefined) {
            now = next.time;
            pending.splice(pending.indexOf(next), 1);
          }
        }
        expect(popped).toEqual(expected);
        expect(queue.size).toBe(pending.length);
        expect(queue.peekTime()).toBe(pending.length === 0 ? Infinity : Math.min(...pending.map((e) => e.time)));
      }),
    );
  });

  it("after clear() is empty, back at time 0, and orders new events as a fresh queue would", () => {
    const queue = new EventQueue<{ time: number; label: number }>();
    for (let i = 0; i < 50; i++) queue.push({ time: (i * 97) % 2000, label: i });
    queue.pop();
    queue.clear();
    expect(queue.size).toBe(0);
    expect(queue.pop()).toBeUndefined();
    const events = [5, 1, 700, 1, 5, 0].map((time, label) => ({ time, label }));
    for (const event of events) queue.push(event);
    const popped: number[] = [];
    for (let e = queue.pop(); e !== undefined; e = queue.pop()) popped.push(e.label);
    expect(popped).toEqual(reference(events));
  });
});

describe("the event queue", () => {
  it("pops events by time, and events at the same time in the order they were pushed", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 200 }), (times) => {
        const queue = new EventQueue<{ time: number; label: number }>();
        times.forEach((time, label) => queue.push({ time, label }));
        const popped: number[] = [];
        for (let e = queue.pop(); e !== undefined; e = queue.pop()) popped.push(e.label);
        expect(popped).toEqual(reference(times.map((time, label) => ({ time, label }))));
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
