import { hunt } from "@cx/search";
import { huntScenarioOverrides, ReplayedChoices, type HistoryOperation } from "@cx/sim";
import { describeProtocolContract } from "@cx/vitest";
import { describe, expect, it } from "vitest";
import { ACQUIRE_WAIT_MS, heldLease, LEASE_HOLD_MS, LEASE_MS, liveLeaseAt, protocolPlugin, type LeaseInput, type LeaseOutput } from "../src/index.js";

// The laws every protocol keeps, in one call: the all-zeros run is healthy, the same choices give the
// same trace (twice, in a worker thread, in another process), a replay equals the original, and the
// correct version survives 300 generated runs. The lock service keeps a table, not a log: no replica
// views to mirror. The 10,000-schedule trust run is `pnpm bench` (bench/run.ts).
describeProtocolContract(protocolPlugin, { runs: 300, mirror: false, module: new URL("../src/index.ts", import.meta.url) });

const HUNT_BUDGET = 400;

describe("the lease-lock example's seeded defects", () => {
  const huntFor = (defects: readonly string[]) =>
    hunt({ target: protocolPlugin.createTarget({ defects, options: huntScenarioOverrides }), strategy: "random", budget: HUNT_BUDGET, seed: 1 });

  for (const defect of protocolPlugin.defects) {
    it(`a hunt finds ${defect.name} by the property it breaks, ${defect.caughtBy}`, () => {
      const result = huntFor([defect.name]);
      expect(result.found && result.outcome.violation?.invariant, `seed 1, ${HUNT_BUDGET} random runs`).toBe(defect.caughtBy);
    });
  }

  it("the correct service survives the same hunt", () => {
    const result = huntFor([]);
    expect(result.found ? `${result.outcome.violation?.invariant}: ${result.outcome.violation?.message}` : "none").toBe("none");
  });
});

describe("the lease-lock service on a calm run", () => {
  const run = protocolPlugin.run({ choices: new ReplayedChoices([]), recordTrace: true });
  const history = run.history as readonly HistoryOperation<LeaseInput, LeaseOutput>[];

  it("grants the lock to one client at a time, with tokens 1, 2, 3... in order", () => {
    const tokens = history.filter((o) => o.input.op === "acquire" && typeof o.output === "number").map((o) => o.output);
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    expect(tokens).toEqual(tokens.map((_, i) => i + 1));
  });

  it("lets an acquire of a held lock wait: granted as the holder releases it, refused once ACQUIRE_WAIT_MS have passed", () => {
    const acquires = history.filter((o) => o.input.op === "acquire" && o.return !== null);
    const refused = acquires.filter((o) => o.output === null);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((o) => (o.return as number) - o.call >= ACQUIRE_WAIT_MS)).toBe(true);
    const releases = new Set(history.filter((o) => o.input.op === "release" && o.output === true).map((o) => o.return));
    const waited = acquires.filter((o) => typeof o.output === "number" && (o.return as number) - o.call > 100);
    expect(waited.length).toBeGreaterThan(0);
    expect(waited.some((o) => releases.has(o.return))).toBe(true);
  });

  it("accepts every write a holder makes under its live lease", () => {
    const writes = history.filter((o) => o.input.op === "write");
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every((o) => o.output === true)).toBe(true);
  });

  it("speaks of primaries and epochs in its story's words", () => {
    expect(protocolPlugin.vocabulary).toMatchObject({ epoch: "epoch", leader: "primary", follower: "standby" });
    const roles = run.trace.flatMap((e) => (e.kind === "observation" && e.observation.kind === "role" ? [e.observation] : []));
    expect(roles).toEqual([{ kind: "role", node: 0, role: "leader", term: 1 }]);
  });
});

describe("the client's own lease timer", () => {
  const acquire = (token: number | null, at: number) => ({ input: { op: "acquire", at } as const, answered: true as const, output: token });

  it("counts a lease from the moment the client asked, until it releases or asks again", () => {
    expect(heldLease([acquire(3, 200)])).toEqual({ token: 3, at: 200, wrote: false });
    expect(heldLease([acquire(3, 200), { input: { op: "write", token: 3, value: "0.2" }, answered: true, output: true }])).toEqual({ token: 3, at: 200, wrote: true });
    expect(heldLease([acquire(3, 200), { input: { op: "release", token: 3 }, answered: false }])).toBeUndefined();
    expect(heldLease([acquire(null, 200)])).toBeUndefined();
    expect(heldLease([acquire(3, 200), { input: { op: "acquire", at: 900 }, answered: false }])).toBeUndefined();
  });

  it("stops using the lock once LEASE_MS have passed since it asked, while the primary holds it longer by the drift bound", () => {
    const history: HistoryOperation<LeaseInput, LeaseOutput>[] = [{ client: 0, seq: 1, call: 200, return: 204, input: { op: "acquire", at: 200 }, output: 1 }];
    expect(liveLeaseAt(history, 0, 204)?.output).toBe(1);
    expect(liveLeaseAt(history, 0, 200 + LEASE_MS - 1)?.output).toBe(1);
    expect(liveLeaseAt(history, 0, 200 + LEASE_MS)).toBeUndefined();
    expect(LEASE_HOLD_MS).toBeGreaterThanOrEqual(LEASE_MS * 1.05);
  });
});
