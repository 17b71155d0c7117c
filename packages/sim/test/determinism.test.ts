import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { traceHashFor } from "./fixtures/trace-hash.js";

function hashInWorker(seed: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./fixtures/trace-hash-worker.mjs", import.meta.url), { workerData: { seed } });
    worker.once("message", (hash: string) => {
      resolve(hash);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

describe("determinism", () => {
  it("the same choices give the same trace hash twice and inside a worker thread", async () => {
    for (const seed of [1, 42, 2024]) {
      const first = traceHashFor(seed);
      expect(traceHashFor(seed)).toBe(first);
      expect(await hashInWorker(seed)).toBe(first);
    }
  });

  it("different choices give different traces (the hash can tell runs apart)", () => {
    expect(traceHashFor(1)).not.toBe(traceHashFor(2));
  });
});
