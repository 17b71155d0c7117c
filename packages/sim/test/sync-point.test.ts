import { describe, expect, it } from "vitest";
import { GeneratedChoices, RecordingContext, registerWorkload, runScenario, type NodeContext, type Protocol, type ProtocolNode, type RegisterInput, type RegisterOutput, type TraceEvent } from "../src/index.js";

/** Counts its timer ticks on stable storage: every tick is written, only even ones are synced. */
class Counter implements ProtocolNode<never, RegisterInput> {
  private n: number;
  constructor(private readonly ctx: NodeContext<never, RegisterOutput, { readonly n: number }>) {
    this.n = ctx.restore()?.n ?? 0;
    ctx.emit({ kind: "booted", node: ctx.id, n: this.n });
    ctx.setTimer("tick", 7);
  }
  onTimer(): void {
    this.n++;
    this.ctx.write({ n: this.n });
    if (this.n % 2 === 0) this.ctx.sync();
    this.ctx.emit({ kind: "wrote", node: this.ctx.id, n: this.n, synced: this.n % 2 === 0 });
    this.ctx.setTimer("tick", 7);
  }
  onMessage(): void {}
  onClientRequest(): void {}
}

const counter: Protocol<never, RegisterInput, RegisterOutput, { readonly n: number }, Counter> = { name: "counter", start: (ctx) => new Counter(ctx) };

function runWithCrash(): { readonly trace: readonly TraceEvent[]; readonly seed: number } {
  for (let seed = 0; seed < 2000; seed++) {
    const { trace } = runScenario({ protocol: counter, workload: registerWorkload, choices: new GeneratedChoices(seed), recordTrace: true });
    if (trace.some((e) => e.kind === "crash" && e.lostUnsynced === true) && trace.some((e) => e.kind === "crash" && e.lostUnsynced === undefined)) return { trace, seed };
  }
  throw new Error("no seed below 2000 crashes a node both with and without an unsynced write");
}

describe("stable storage with a sync point", () => {
  it("a crash loses what was written but not synced, and the restart restores the last synced state", () => {
    const { trace, seed } = runWithCrash();
    for (const crash of trace) {
      if (crash.kind !== "crash") continue;
      const wrote = trace.filter((e) => e.kind === "observation" && e.node === crash.node && e.time <= crash.time && e.observation.kind === "wrote");
      const last = wrote.at(-1);
      const lastSynced = [...wrote].reverse().find((e) => e.kind === "observation" && e.observation["synced"] === true);
      const reboot = trace.find((e) => e.kind === "observation" && e.node === crash.node && e.time > crash.time && e.observation.kind === "booted");
      if (reboot?.kind !== "observation" || last?.kind !== "observation") continue;
      const expected = lastSynced?.kind === "observation" ? lastSynced.observation["n"] : 0;
      expect(reboot.observation["n"], `seed ${seed}, s${crash.node} crashed at ${crash.time}`).toBe(expected);
      expect(crash.lostUnsynced === true, `seed ${seed}, s${crash.node} crashed at ${crash.time}`).toBe(last.observation["synced"] !== true);
    }
  });

  it("persist is a write and a sync: nothing is left to lose", () => {
    const ctx = new RecordingContext<never, RegisterOutput, { readonly n: number }>(0, 3);
    ctx.write({ n: 1 });
    expect(ctx.stored).toBeUndefined();
    ctx.sync();
    expect(ctx.stored).toEqual({ n: 1 });
    ctx.write({ n: 2 });
    ctx.persist({ n: 3 });
    expect(ctx.unsynced).toBeUndefined();
    expect(ctx.restore()).toEqual({ n: 3 });
  });
});
