import { describe, expect, it } from "vitest";
import { GeneratedChoices, registerWorkload, runScenario, type ChoiceSource, type NodeContext, type Span, type Protocol, type ProtocolNode, type RegisterInput, type RegisterOutput, type StorageFault } from "../src/index.js";

/** Syncs a counter at every tick, and says at each boot what it restored and what the disk said. */
class Ticker implements ProtocolNode<never, RegisterInput> {
  private n: number;
  constructor(private readonly ctx: NodeContext<never, RegisterOutput, { readonly n: number }>) {
    this.n = ctx.restore()?.n ?? 0;
    ctx.emit({ kind: "booted", node: ctx.id, n: this.n, fault: ctx.storageFault() });
    ctx.setTimer("tick", 7);
  }
  onTimer(): void {
    this.n++;
    this.ctx.persist({ n: this.n });
    this.ctx.setTimer("tick", 7);
  }
  onMessage(): void {}
  onClientRequest(): void {}
}

const ticker: Protocol<never, RegisterInput, RegisterOutput, { readonly n: number }, Ticker> = { name: "ticker", start: (ctx) => new Ticker(ctx) };
const run = (seed: number, diskFaults: number) => runScenario({ protocol: ticker, workload: registerWorkload, choices: new GeneratedChoices(seed), recordTrace: true, options: { diskFaults } });

describe("disk faults at a restart (diskFaults: 1, out of the model)", () => {
  it("a node whose synced state reads back corrupt or unreadable starts blank and is told why; an intact disk restores", () => {
    const seen = new Set<StorageFault | "intact">();
    for (let seed = 1; seed < 400 && seen.size < 3; seed++) {
      const { trace } = run(seed, 1);
      trace.forEach((event, i) => {
        if (event.kind !== "restart") return;
        const boot = trace.slice(i).find((e) => e.kind === "observation" && e.node === event.node && e.observation.kind === "booted");
        if (boot?.kind !== "observation") throw new Error("no boot after a restart");
        if (event.storageFault === undefined) {
          expect(boot.observation["fault"]).toBeNull();
          if ((boot.observation["n"] as number) > 0) seen.add("intact");
        } else {
          expect(boot.observation).toMatchObject({ n: 0, fault: event.storageFault });
          seen.add(event.storageFault);
        }
      });
    }
    expect([...seen].sort()).toEqual(["corrupt", "intact", "unreadable"]);
  });

  it("draws only at the restart of a node that had synced something, and nothing at all without the option", () => {
    for (let seed = 1; seed <= 60; seed++) {
      for (const diskFaults of [0, 1]) {
        const choices = new LabelCounting(new GeneratedChoices(seed));
        const { trace } = runScenario({ protocol: ticker, workload: registerWorkload, choices, recordTrace: true, options: { diskFaults } });
        // The ticker syncs within 7 ms of every boot, and no crash comes that early: every restart finds synced state.
        const restarts = trace.filter((e) => e.kind === "restart").length;
        expect(choices.count("disk at restart"), `seed ${seed}, diskFaults ${diskFaults}`).toBe(diskFaults === 1 ? restarts : 0);
      }
    }
  });
});

/** A choice source that counts its draws by label. */
class LabelCounting implements ChoiceSource {
  private readonly counts = new Map<string, number>();
  constructor(private readonly inner: ChoiceSource) {}
  get position(): number {
    return this.inner.position;
  }
  count(label: string): number {
    return this.counts.get(label) ?? 0;
  }
  draw(n: number, label?: string): number {
    if (label !== undefined) this.counts.set(label, this.count(label) + 1);
    return this.inner.draw(n, label);
  }
  drawBool(percent: number, label?: string): boolean {
    return this.inner.drawBool(percent, label);
  }
  startSpan(label: string): void {
    this.inner.startSpan(label);
  }
  endSpan(): void {
    this.inner.endSpan();
  }
  record(): number[] {
    return this.inner.record();
  }
  spans(): Span[] {
    return this.inner.spans();
  }
}
