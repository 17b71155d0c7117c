import { isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { TraceHashRequest } from "./trace-hashes.js";
import type { TraceWorkerAnswer, TraceWorkerData } from "./trace-worker.js";

/** Where the worker's code is: the TypeScript source (through tsx, with the @cx/source condition) or the built file beside this one. */
function workerEntry(): { readonly url: URL; readonly execArgv: string[]; readonly fromSource: boolean } {
  const here = import.meta.url;
  if (here.endsWith(".ts")) return { url: new URL("./trace-worker-source.mjs", here), execArgv: ["--conditions=@cx/source"], fromSource: true };
  return { url: new URL(here.endsWith(".cjs") ? "./trace-worker.cjs" : "./trace-worker.js", here), execArgv: [], fromSource: false };
}

/** A module given as a URL, an absolute path or a package name, as `import()` takes it. */
export function moduleSpecifier(module: URL | string): string {
  if (module instanceof URL) return module.href;
  return isAbsolute(module) ? pathToFileURL(module).href : module;
}

const isTypeScript = (specifier: string): boolean => /\.[cm]?tsx?$/.test(new URL(specifier, "file:///").pathname);

/**
 * Computes trace hashes in a fresh worker thread that loads the plug-in
 * from `module` itself, so nothing is shared with this thread but the
 * request and the answer.
 */
export function hashInWorker(module: URL | string, request: TraceHashRequest): Promise<{ readonly name: string; readonly hashes: readonly string[] }> {
  const entry = workerEntry();
  const specifier = moduleSpecifier(module);
  const workerData: TraceWorkerData = { ...request, seeds: [...request.seeds], defects: [...request.defects], module: specifier, registerTsx: !entry.fromSource && isTypeScript(specifier) };
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry.url, { workerData, execArgv: entry.execArgv });
    worker.once("message", (reply: TraceWorkerAnswer) => {
      void worker.terminate();
      if (reply.ok) resolve({ name: reply.name, hashes: reply.hashes });
      else reject(new Error(`the worker could not load the plug-in: ${reply.error}`));
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the worker exited (code ${code}) without answering`)));
  });
}

/**
 * Computes trace hashes in a second Node process that loads the plug-in
 * from `module` itself: nothing is shared with this process (no module
 * cache, no realm, no heap) but the request and the answer.
 */
export function hashInProcess(module: URL | string, request: TraceHashRequest): Promise<{ readonly name: string; readonly hashes: readonly string[] }> {
  const entry = workerEntry();
  const specifier = moduleSpecifier(module);
  const data: TraceWorkerData = { ...request, seeds: [...request.seeds], defects: [...request.defects], module: specifier, registerTsx: !entry.fromSource && isTypeScript(specifier) };
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(entry.url), [], { execArgv: entry.execArgv, env: { ...process.env, CX_TRACE_REQUEST: JSON.stringify(data) }, stdio: ["ignore", "ignore", "pipe", "ipc"] });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    let answered = false;
    child.once("message", (reply: TraceWorkerAnswer) => {
      answered = true;
      if (reply.ok) resolve({ name: reply.name, hashes: reply.hashes });
      else reject(new Error(`the second process could not load the plug-in: ${reply.error}`));
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (!answered) reject(new Error(`the second process exited (code ${code}) without answering${stderr === "" ? "" : `: ${stderr.trim().split("\n")[0]}`}`));
    });
  });
}
