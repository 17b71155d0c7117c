import { describe, expect, it } from "vitest";
import { ELECTION_BASE_MS, ELECTION_JITTER_STEP_MS, ELECTION_STAGGER_MS, ElectionTimer, type ElectionTimerContext } from "../src/index.js";

/** A node context with a settable clock that records the timer calls. */
function fakeContext(id: number, jitter: number): ElectionTimerContext & { time: number; calls: string[] } {
  const ctx = {
    id,
    time: 0,
    calls: [] as string[],
    now: () => ctx.time,
    draw: (_n: number, label: string) => {
      ctx.calls.push(`draw ${label}`);
      return jitter;
    },
    setTimer: (name: string, delayMs: number) => void ctx.calls.push(`set ${name} ${delayMs}`),
    cancelTimer: (name: string) => void ctx.calls.push(`cancel ${name}`),
  };
  return ctx;
}

describe("ElectionTimer", () => {
  it("draws a timeout of the base, the node's stagger and the drawn jitter", () => {
    const ctx = fakeContext(2, 3);
    const timer = new ElectionTimer(ctx);
    timer.redraw();
    expect(timer.currentTimeoutMs).toBe(ELECTION_BASE_MS + 2 * ELECTION_STAGGER_MS + 3 * ELECTION_JITTER_STEP_MS);
    expect(ctx.calls).toEqual(["draw election jitter"]);
  });

  it("sets one timer however often the leader is heard, and sets it again for the rest of the wait", () => {
    const ctx = fakeContext(0, 0);
    const timer = new ElectionTimer(ctx);
    timer.redraw();
    timer.touch();
    ctx.time = 60;
    timer.touch();
    ctx.time = 100;
    timer.touch();
    expect(ctx.calls.filter((c) => c.startsWith("set"))).toEqual([`set election ${ELECTION_BASE_MS}`]);
    ctx.time = ELECTION_BASE_MS;
    expect(timer.fire(false)).toBe(false);
    expect(ctx.calls.at(-1)).toBe("set election 100");
    ctx.time = 100 + ELECTION_BASE_MS;
    expect(timer.fire(false)).toBe(true);
  });

  it("never stands while leading, and a touch after firing sets the timer anew", () => {
    const ctx = fakeContext(1, 0);
    const timer = new ElectionTimer(ctx);
    timer.redraw();
    timer.touch();
    ctx.time = 10_000;
    expect(timer.fire(true)).toBe(false);
    const before = ctx.calls.length;
    timer.touch();
    expect(ctx.calls.slice(before)).toEqual([`set election ${timer.currentTimeoutMs}`]);
  });

  it("cancels its timer, and a restart sets it even when one was thought to be set", () => {
    const ctx = fakeContext(0, 1);
    const timer = new ElectionTimer(ctx);
    timer.redraw();
    timer.touch();
    timer.restart();
    timer.cancel();
    expect(ctx.calls.slice(1)).toEqual([`set election ${timer.currentTimeoutMs}`, `set election ${timer.currentTimeoutMs}`, "cancel election"]);
  });
});
