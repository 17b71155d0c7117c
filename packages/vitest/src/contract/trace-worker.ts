// A worker thread's entry: loads the protocol plug-in from the module it is
// given (registering tsx's loader first when that module is TypeScript and
// nothing registered it yet) and answers with the trace hashes asked for.
import { parentPort, workerData } from "node:worker_threads";
import { findProtocolPlugin } from "@cx/sim";
import { traceHashes, type TraceHashRequest } from "./trace-hashes.js";

/** What the kit sends the worker. */
export interface TraceWorkerData extends TraceHashRequest {
  /** A file URL or a package name to import. */
  readonly module: string;
  readonly registerTsx: boolean;
}

/** What the worker answers. */
export type TraceWorkerAnswer = { readonly ok: true; readonly name: string; readonly hashes: readonly string[] } | { readonly ok: false; readonly error: string };

async function answer(data: TraceWorkerData): Promise<TraceWorkerAnswer> {
  if (data.registerTsx) {
    const tsx = await import("tsx/esm/api");
    tsx.register();
  }
  const found = findProtocolPlugin(await import(data.module));
  if (!found.ok) return { ok: false, error: `${data.module}: ${found.errors.join("; ")}` };
  return { ok: true, name: found.plugin.name, hashes: traceHashes(found.plugin, data) };
}

answer(workerData as TraceWorkerData).then(
  (reply) => parentPort?.postMessage(reply),
  (error: unknown) => parentPort?.postMessage({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies TraceWorkerAnswer),
);
