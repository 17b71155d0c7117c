import { Worker } from "node:worker_threads";
import { GeneratedChoices, hashTrace, ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { runPaxos } from "../src/index.js";
import { paxosTraceHash } from "./fixtures/trace-hash.js";

function hashInWorker(seed: number): Promise<string> {
  return new Promise((resolve, reject) => {
    // The worker resolves workspace packages to their sources, like the test runner.
    const worker = new Worker(new URL("./fixtures/trace-hash-worker.mjs", import.meta.url), { workerData: { seed }, execArgv: ["--conditions=@cx/source"] });
    worker.once("message", (hash: string) => {
      resolve(hash);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

describe("determinism", () => {
  it("the same choices twice give the same trace hash", () => {
    for (const seed of [1, 2, 3, 42]) {
      const first = runPaxos({ choices: new GeneratedChoices(seed), recordTrace: true });
      const second = runPaxos({ choices: new GeneratedChoices(seed), recordTrace: true });
      expect(hashTrace(second.trace), `seed ${seed}`).toBe(hashTrace(first.trace));
    }
  });

  it("a worker thread computes the same trace hash as this thread", async () => {
    expect(await hashInWorker(5)).toBe(paxosTraceHash(5));
  });

  it("different seeds give different traces (the hash tells runs apart)", () => {
    expect(paxosTraceHash(1)).not.toBe(paxosTraceHash(2));
  });

  it("replaying the recorded choices of a generated run reproduces it exactly", () => {
    for (const defects of [[], ["minority_quorum" as const]]) {
      const generated = runPaxos({ defects, choices: new GeneratedChoices(7), recordTrace: true });
      const replayed = runPaxos({ defects, choices: new ReplayedChoices(generated.choices), recordTrace: true });
      expect(hashTrace(replayed.trace)).toBe(hashTrace(generated.trace));
      expect(replayed.violation).toEqual(generated.violation);
      expect(replayed.paxos).toEqual(generated.paxos);
    }
  });
});
