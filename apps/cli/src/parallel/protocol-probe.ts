import { Worker } from "node:worker_threads";
import type { ProtocolProbeSetup } from "./hunt-worker.js";
import { workerEntry } from "./worker-pool.js";

/** What a probe found: loaded in time, failed to load (the main thread's own import then says why), or still loading when the limit bit. */
export type ProbeOutcome = "loaded" | "failed" | "timed-out";

/**
 * Imports a protocol module on a worker thread, which can be stopped, and
 * waits at most `limitMs` for it: a module that loops at top level would
 * otherwise hang the command forever, since an import on the main thread
 * cannot be interrupted. The worker is terminated either way.
 *
 * Gotchas: the module's top-level code runs once more when the command
 * then imports it for real.
 */
export async function probeProtocolModule(module: string, protocolName: string, limitMs: number): Promise<ProbeOutcome> {
  const entry = workerEntry();
  const setup: ProtocolProbeSetup = { probe: true, module, protocolName };
  const worker = new Worker(entry.url, { workerData: setup, execArgv: entry.execArgv, stdout: true, stderr: true });
  try {
    return await new Promise<ProbeOutcome>((resolve) => {
      const timer = setTimeout(() => resolve("timed-out"), limitMs);
      const done = (outcome: ProbeOutcome) => (): void => {
        clearTimeout(timer);
        resolve(outcome);
      };
      worker.once("message", done("loaded"));
      worker.once("error", done("failed"));
      worker.once("exit", done("failed"));
    });
  } finally {
    await worker.terminate();
  }
}
