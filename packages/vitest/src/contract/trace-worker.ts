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

// A worker thread gets its request as workerData; a second process (forked with an IPC channel) in its environment.
const request = (parentPort === null ? JSON.parse(process.env["CX_TRACE_REQUEST"] ?? "null") : workerData) as TraceWorkerData;
const send = (reply: TraceWorkerAnswer): void => {
  if (parentPort !== null) parentPort.postMessage(reply);
  else process.send?.(reply, () => process.disconnect());
};
answer(request).then(send, (error: unknown) => send({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
