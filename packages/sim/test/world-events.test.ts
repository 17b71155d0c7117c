import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EventKind, WorldSchedule, type WorldEvent } from "../src/world/world-events.js";

type Event = WorldEvent<string, string, string>;

/** Every event left, in the order the schedule gives them, each recycled after it is read (as the world does). */
function drain(schedule: WorldSchedule<string, string, string>, read: (event: Event) => void): void {
  for (let event = schedule.next(); event !== undefined; event = schedule.next()) {
    read(event);
    schedule.recycle(event);
  }
}

describe("the world's schedule", () => {
  it("gives events by time, then in the order they were scheduled, each with the fields its constructor was given", () => {
    const schedule = new WorldSchedule<string, string, string>();
    schedule.deliver({ time: 5, from: 1, node: 2, serial: 9, epoch: 3, payload: "m" });
    schedule.timer({ time: 2, node: 0, serial: 4, epoch: 1, payload: "election" });
    schedule.clientAttempt({ kind: EventKind.ClientTimeout, time: 5, client: 1, seq: 2, attempt: 3 });
    schedule.heal({ time: 2, serial: 7 });
    schedule.clock({ kind: EventKind.End, time: 700 });
    const seen: string[] = [];
    drain(schedule, (event) => {
      switch (event.kind) {
        case EventKind.Deliver:
          return void seen.push(`${event.time} deliver ${event.from}->${event.node} #${event.serial} epoch ${event.epoch} ${event.payload}`);
        case EventKind.Timer:
          return void seen.push(`${event.time} timer ${event.payload} of ${event.node} token ${event.serial} epoch ${event.epoch}`);
        case EventKind.ClientTimeout:
          return void seen.push(`${event.time} timeout client ${event.client} seq ${event.seq} attempt ${event.attempt}`);
        case EventKind.Heal:
          return void seen.push(`${event.time} heal ${event.serial}`);
        default:
          return void seen.push(`${event.time} kind ${event.kind}`);
      }
    });
    expect(seen).toEqual([
      "2 timer election of 0 token 4 epoch 1",
      "2 heal 7",
      "5 deliver 1->2 #9 epoch 3 m",
      "5 timeout client 1 seq 2 attempt 3",
      `700 kind ${EventKind.End}`,
    ]);
  });

  it("a recycled event object carries the next event's fields, never the last one's payload", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ ahead: fc.integer({ min: 0, max: 600 }), node: fc.integer({ min: 0, max: 4 }), serial: fc.nat() }), { minLength: 1, maxLength: 60 }), (specs) => {
        const schedule = new WorldSchedule<string, string, string>();
        schedule.restart({ time: 0, node: 0, epoch: 0 });
        const got: string[] = [];
        // One event is read at a time and the next scheduled after it: every object after the first is a recycled one.
        for (const spec of specs) {
          const event = schedule.next() as Event;
          const now = event.time;
          got.push(event.kind === EventKind.Timer ? `${event.node}:${event.serial}:${event.payload}` : "start");
          schedule.recycle(event);
          schedule.timer({ time: now + spec.ahead, node: spec.node, serial: spec.serial, epoch: 0, payload: `t${spec.serial}` });
        }
        drain(schedule, (event) => got.push(event.kind === EventKind.Timer ? `${event.node}:${event.serial}:${event.payload}` : "start"));
        expect(got).toEqual(["start", ...specs.map((s) => `${s.node}:${s.serial}:t${s.serial}`)]);
        schedule.retire();
      }),
      { numRuns: 50 },
    );
  });
});
