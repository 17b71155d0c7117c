import { describe, expect, it } from "vitest";
import { RecordingContext } from "../src/index.js";

describe("RecordingContext", () => {
  it("hands out the scripted draws clamped to the range, then zeros", () => {
    const ctx = new RecordingContext<string, null, { n: number }>(1, 3);
    ctx.draws = [2, 9];
    expect([ctx.draw(5), ctx.draw(4), ctx.draw(4)]).toEqual([2, 3, 0]);
    expect(ctx.peers).toEqual([0, 2]);
  });

  it("freezes what a node sends or persists, so mutating it afterwards throws", () => {
    const ctx = new RecordingContext<{ log: number[] }, null, { log: number[] }>(0, 3);
    const message = { log: [1] };
    ctx.send(2, message);
    expect(() => message.log.push(2)).toThrow(TypeError);
    const state = { log: [1] };
    ctx.persist(state);
    expect(() => state.log.push(2)).toThrow(TypeError);
    expect(ctx.take()).toEqual([{ to: 2, message: { log: [1] } }]);
    expect(ctx.take()).toEqual([]);
    expect(ctx.restore()).toBe(state);
  });

  it("keeps timers by name at the clock's time plus their delay", () => {
    const ctx = new RecordingContext<string, null, never>(0, 3);
    ctx.time = 100;
    ctx.setTimer("election", 150);
    ctx.setTimer("election", 200);
    expect(ctx.timers.get("election")).toBe(300);
    ctx.cancelTimer("election");
    expect(ctx.timers.has("election")).toBe(false);
  });
});
