import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EngineAssertionError, GeneratedChoices, HANDLER_ERROR, ReplayedChoices, hashTrace, registerWorkload, runScenario, type ChoiceSource, type Protocol, type RegisterInput, type RegisterOutput, type TraceEvent } from "../src/index.js";
import { primaryBackup, PrimaryBackupNode, type PingMessage, type PrimaryBackupState } from "./fixtures/primary-backup.js";

const run = (choices: ChoiceSource, recordTrace = true) => runScenario({ protocol: primaryBackup, workload: registerWorkload, choices, recordTrace });

type Seen = { readonly kind: string; readonly time: number; readonly node: number; readonly [field: string]: unknown };
const observations = (trace: readonly TraceEvent[]): Seen[] =>
  trace.flatMap((e) => (e.kind === "observation" ? [{ ...e.observation, time: e.time, node: e.node }] : []));

/** Scans seeds until a run shows what a test needs; the seed is printed on failure. */
function findSeed(predicate: (trace: readonly TraceEvent[]) => boolean, limit = 2000): number {
  for (let seed = 0; seed < limit; seed++) if (predicate(run(new GeneratedChoices(seed)).trace)) return seed;
  throw new Error(`no seed below ${limit} shows the wanted behaviour`);
}

describe("the world", () => {
  it("the all-zeros run is calm: 3 nodes, no faults, every client operation returns", () => {
    const result = run(new ReplayedChoices([]));
    expect(result.clusterSize).toBe(3);
    expect(result.profile).toEqual({ dropPercent: 0, duplicatePercent: 0, delaySpreadMs: 0, crashPercent: 0, partitionPercent: 0 });
    expect(result.trace.filter((e) => ["crash", "partition"].includes(e.kind) || (e.kind === "send" && e.fate !== "delivered"))).toEqual([]);
    expect(result.history.length).toBe(3 * 5 + 1);
    expect(result.history.every((op) => op.return !== null)).toBe(true);
    expect(result.violation).toBeNull();
    expect(result.calmStartedAt).toBe(2000);
    expect(result.choices.every((v) => v === 0)).toBe(true);
  });

  it("a non-zero first choice draws a five-node cluster", () => {
    expect(run(new ReplayedChoices([1])).clusterSize).toBe(5);
  });

  it("replaying a run's recorded choices gives the same trace, history and counters", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (seed) => {
        const original = run(new GeneratedChoices(seed));
        const replay = run(new ReplayedChoices(original.choices));
        expect(hashTrace(replay.trace)).toBe(hashTrace(original.trace));
        expect(replay.history).toEqual(original.history);
        expect(replay.counters).toEqual(original.counters);
        expect(replay.choices).toEqual(original.choices);
      }),
      { numRuns: 40 },
    );
  });

  it("delivers each message exactly as its send was decided: at its delivery time, once per copy, never when dropped or cut off", () => {
    for (const seed of [3, 11, 27, 64]) {
      const result = run(new GeneratedChoices(seed));
      const end = result.trace.at(-1)?.time ?? 0;
      const sends = result.trace.filter((e) => e.kind === "send");
      const deliveries = result.trace.filter((e) => e.kind === "deliver");
      // Every copy the network decided to deliver, keyed as its arrival would be.
      const due = new Map<string, number>();
      const key = (copy: { id: number; from: number; to: number }, at: number) => `${copy.id} ${copy.from}->${copy.to} @${at}`;
      for (const send of sends) {
        expect(send.deliverAt, `seed ${seed}: message ${send.id} arrives before it was sent`).toBeGreaterThanOrEqual(send.time);
        if (send.fate !== "delivered") continue;
        const k = key(send, send.deliverAt);
        due.set(k, (due.get(k) ?? 0) + 1);
      }
      for (const delivery of deliveries) {
        const k = key(delivery, delivery.time);
        const left = due.get(k) ?? 0;
        expect(left, `seed ${seed}: delivery ${k} matches no send decided to arrive then`).toBeGreaterThan(0);
        due.set(k, left - 1);
      }
      // What is still due is only what would arrive after the run ended.
      const undelivered = [...due].filter(([k, n]) => n > 0 && Number(k.split("@")[1]) < end);
      expect(undelivered, `seed ${seed}`).toEqual([]);
      expect(deliveries.length, `seed ${seed}: a hostile run delivers something`).toBeGreaterThan(0);
      expect(sends.some((e) => e.fate !== "delivered"), `seed ${seed}: a hostile run loses something`).toBe(true);
    }
  });

  it("a crash loses volatile state and pending timers, and the restart restores what was persisted", () => {
    const seed = findSeed((trace) => trace.some((e) => e.kind === "crash"));
    const result = run(new GeneratedChoices(seed));
    const crash = result.trace.find((e) => e.kind === "crash");
    if (crash?.kind !== "crash") throw new Error(`seed ${seed}: no crash`);
    const obs = observations(result.trace);
    const reboot = obs.find((o) => o["kind"] === "booted" && o.node === crash.node && o.time > crash.time);
    expect(reboot, `seed ${seed}`).toBeDefined();
    // The node's storage survived: it counts its boots across crashes.
    expect(reboot?.["boot"]).toBe(2);
    expect(reboot?.time).toBeGreaterThanOrEqual(crash.time + 100);
    // No timer armed before the crash fires afterwards.
    const staleTimers = obs.filter((o) => o["kind"] === "timer" && o.node === crash.node && o["boot"] === 1 && o.time > crash.time);
    expect(staleTimers).toEqual([]);
    // Nothing is delivered to a node while it is down.
    const down = result.trace.filter((e) => e.kind === "deliver" && e.to === crash.node && e.time > crash.time && e.time < (reboot?.time ?? 0));
    expect(down.every((e) => e.kind === "deliver" && e.fate === "to-down-node")).toBe(true);
  });

  it("a partition blocks exactly its links until it heals", () => {
    const seed = findSeed((trace) => trace.some((e) => e.kind === "partition"));
    const result = run(new GeneratedChoices(seed));
    const partition = result.trace.find((e) => e.kind === "partition");
    if (partition?.kind !== "partition") throw new Error(`seed ${seed}: no partition`);
    const heal = result.trace.find((e) => e.kind === "heal" && e.time >= partition.time);
    const healedAt = heal?.time ?? Infinity;
    const blocked = new Set(partition.blocked.map((l) => `${l.from}>${l.to}`));
    for (const event of result.trace) {
      if (event.kind !== "send" || event.time < partition.time || event.time >= healedAt) continue;
      if (event.step === partition.step) continue;
      expect(event.fate === "partitioned", `seed ${seed} ${event.from}>${event.to}`).toBe(blocked.has(`${event.from}>${event.to}`));
    }
  });

  it("the calm phase heals the network, restarts every node and has no new faults", () => {
    const result = run(new GeneratedChoices(findSeed((trace) => trace.some((e) => e.kind === "crash") && trace.some((e) => e.kind === "partition"))));
    const calm = result.calmStartedAt ?? Infinity;
    const after = result.trace.filter((e) => e.time > calm);
    expect(after.filter((e) => e.kind === "crash" || e.kind === "partition")).toEqual([]);
    expect(after.filter((e) => e.kind === "send" && e.fate !== "delivered")).toEqual([]);
  });

  it("clients are sequential and an operation they gave up on stays indeterminate", () => {
    const seed = findSeed((trace) => trace.some((e) => e.kind === "client-give-up"));
    const result = run(new GeneratedChoices(seed));
    const byClient = new Map<number, { call: number; return: number | null }[]>();
    for (const op of result.history) byClient.set(op.client, [...(byClient.get(op.client) ?? []), op]);
    for (const ops of byClient.values()) {
      for (let i = 1; i < ops.length; i++) {
        const previous = ops[i - 1];
        const current = ops[i];
        if (previous?.return !== null && previous !== undefined) expect(current?.call).toBeGreaterThan(previous.return);
      }
    }
    const gaveUp = result.trace.find((e) => e.kind === "client-give-up");
    if (gaveUp?.kind !== "client-give-up") throw new Error("no give-up");
    const op = result.history.filter((o) => o.client === gaveUp.client)[gaveUp.seq - 1];
    expect(op?.seq).toBe(gaveUp.seq);
    expect(op?.return).toBeNull();
    expect(op?.output).toBeNull();
  });

  it("records each operation's seq, the one its client events carry", () => {
    const result = run(new GeneratedChoices(3));
    const firstCalls = result.trace.filter((e) => e.kind === "client-call" && e.attempt === 1);
    expect(firstCalls).toHaveLength(result.history.length);
    for (const event of firstCalls) {
      if (event.kind !== "client-call") continue;
      expect(result.history.filter((op) => op.client === event.client && op.seq === event.seq).map((op) => op.call)).toEqual([event.time]);
    }
  });

  it("carries a monitor's subjects into the violation as they are, and leaves them out when it gives none", () => {
    const subjects = { property: "safety", nodes: [0], entries: [1], operations: [{ client: 1, seq: 1, role: "involved" }] } as const;
    const spec = { protocol: primaryBackup, workload: registerWorkload, recordTrace: true } as const;
    const told = runScenario({ ...spec, choices: new ReplayedChoices([]), monitors: [{ onObservation: (_n, o) => (o.kind === "applied" ? { invariant: "NoWrites", message: "m", subjects } : undefined) }] });
    expect(told.violation?.subjects).toEqual(subjects);
    const plain = runScenario({ ...spec, choices: new ReplayedChoices([]), monitors: [{ onObservation: (_n, o) => (o.kind === "applied" ? { invariant: "NoWrites", message: "m" } : undefined) }] });
    expect(plain.violation !== null && "subjects" in plain.violation).toBe(false);
  });

  it("a node whose handler throws stops the run with a HandlerError naming the node, what it handled and the error", () => {
    // The primary-backup protocol, but backups throw on the second replicated write they receive.
    const throwing: Protocol<PingMessage, RegisterInput, RegisterOutput, PrimaryBackupState, PrimaryBackupNode> = {
      ...primaryBackup,
      start: (ctx) => {
        const node = new PrimaryBackupNode(ctx);
        const handle = node.onMessage.bind(node);
        node.onMessage = (from, message) => {
          if (message.kind === "replicate" && message.version === 2) throw new RangeError("version 2 is out of range");
          handle(from, message);
        };
        return node;
      },
    };
    const result = runScenario({ protocol: throwing, workload: registerWorkload, choices: new ReplayedChoices([]), recordTrace: true });
    expect(result.violation).toMatchObject({ invariant: HANDLER_ERROR, subjects: { nodes: [1] } });
    expect(result.violation?.message).toBe("s1 threw while handling a message from s0 (replicate v2): RangeError: version 2 is out of range");
    expect(result.trace.at(-1)?.kind).toBe("violation");
    // The same run replays to the same violation: it is a finding like any other.
    expect(runScenario({ protocol: throwing, workload: registerWorkload, choices: new ReplayedChoices(result.choices) }).violation).toEqual(result.violation);
  });

  it("an engine assertion or a monitor's error inside a handler is cx's own bug: it is thrown, not reported as the node's", () => {
    const asserting: Protocol<PingMessage, RegisterInput, RegisterOutput, PrimaryBackupState, PrimaryBackupNode> = {
      ...primaryBackup,
      start: (ctx) => {
        const node = new PrimaryBackupNode(ctx);
        node.onTimer = () => {
          throw new EngineAssertionError("the engine's own bookkeeping broke");
        };
        return node;
      },
    };
    expect(() => runScenario({ protocol: asserting, workload: registerWorkload, choices: new ReplayedChoices([]) })).toThrow(/the engine's own bookkeeping broke/);
    const brokenMonitor = { onObservation: () => { throw new TypeError("the monitor broke"); } };
    expect(() => runScenario({ protocol: primaryBackup, workload: registerWorkload, choices: new ReplayedChoices([]), monitors: [brokenMonitor] })).toThrow(/the monitor broke/);
  });

  it("a monitor's failure stops the run at that step with time and step", () => {
    const result = runScenario({
      protocol: primaryBackup,
      workload: registerWorkload,
      choices: new ReplayedChoices([]),
      recordTrace: true,
      monitors: [{ onObservation: (_node, o) => (o.kind === "applied" ? { invariant: "NoWrites", message: "a write was applied" } : undefined) }],
    });
    expect(result.violation).toMatchObject({ invariant: "NoWrites", message: "a write was applied" });
    const last = result.trace.at(-1);
    expect(last?.kind).toBe("violation");
    expect(last?.time).toBe(result.violation?.time);
    expect(result.endTime).toBe(result.violation?.time);
  });

  it("the coverage probe's features are collected once each, in first-seen order", () => {
    const result = runScenario({
      protocol: primaryBackup,
      workload: registerWorkload,
      choices: new GeneratedChoices(3),
      coverage: (cluster) => cluster.blockedLinks * 10 + [0, 1, 2].filter((id) => !cluster.isUp(id)).length,
    });
    expect(new Set(result.coverage).size).toBe(result.coverage.length);
    expect(result.coverage.length).toBeGreaterThan(0);
  });

  it("samples the coverage probe at most once per faultTickMs of the fault phase, however fast the swarm's fault clock ticks", () => {
    const faultTickMs = 100;
    for (let seed = 1; seed <= 40; seed++) {
      const times: number[] = [];
      runScenario({
        protocol: primaryBackup,
        workload: registerWorkload,
        choices: new GeneratedChoices(seed),
        options: { swarm: 2, faultTickMs },
        coverage: (cluster) => {
          if (cluster.phase === "fault") times.push(cluster.time);
          return 0;
        },
      });
      // The calm phase's sample is taken as it begins, still in the fault phase: only the ticks' samples are spaced.
      const ticks = times.slice(0, -1);
      expect(ticks.length).toBeGreaterThan(0);
      for (let i = 1; i < ticks.length; i++) expect((ticks[i] as number) - (ticks[i - 1] as number)).toBeGreaterThanOrEqual(faultTickMs);
    }
  });
});
