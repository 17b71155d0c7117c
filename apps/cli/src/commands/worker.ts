import { defaultWorkers } from "@cx/eval";
import { startQueueWorker, type QueueWorkerEvent } from "@cx/eval/queue";
import { builtinProtocols } from "@cx/protocols";
import { ExitCode } from "../exit-codes.js";
import { cxVersion } from "../version.js";
import { resolveBenchProtocols } from "./bench.js";
import { connectQueue } from "./campaign.js";

export interface WorkerCommandOptions {
  readonly queue: string;
  /** Worker threads (default: one per core). */
  readonly threads?: number;
  /** Protocols besides the built-in ones, as `--protocol` takes them. */
  readonly protocols?: readonly string[];
  readonly lockSeconds?: number;
  readonly verbose: boolean;
  /** Resolves when the worker should stop; `force` abandons the jobs in hand (default: the first SIGINT or SIGTERM stops gracefully, a second one forcibly). */
  readonly stopped?: Promise<{ readonly force: boolean }>;
  readonly log?: (line: string) => void;
}

/** The first SIGINT/SIGTERM: finish the jobs in hand; a second: leave them (they return to the queue when their locks run out). */
function signalled(log: (line: string) => void): Promise<{ force: boolean }> {
  return new Promise((resolve) => {
    const first = (): void => {
      log("stopping: finishing the jobs in hand (signal again to leave them to other workers)");
      process.once("SIGINT", again);
      process.once("SIGTERM", again);
      resolve({ force: false });
    };
    const again = (): void => {
      log("leaving the jobs in hand to other workers");
      process.exit(ExitCode.ok);
    };
    process.once("SIGINT", first);
    process.once("SIGTERM", first);
  });
}

/**
 * `cx worker`: takes the jobs of `cx campaign`s from the Redis queue and
 * runs them on worker threads until stopped. Every built-in protocol is
 * available, plus those `--protocol` names. Exit 0 when stopped, 2 for a
 * bad or unreachable queue or protocol.
 */
export async function runWorker(options: WorkerCommandOptions): Promise<ExitCode> {
  const log = options.log ?? ((line: string) => process.stderr.write(`cx worker: ${line}\n`));
  const extra = options.protocols === undefined || options.protocols.length === 0 ? [] : await resolveBenchProtocols(options.protocols, process.cwd());
  const protocols = [...extra, ...builtinProtocols.filter((b) => !extra.some((p) => p.plugin.name === b.plugin.name))];
  // While Redis is away the link says so once; BullMQ's own connection errors would repeat it every retry.
  let redisAway = false;
  let lastError = "";
  const link = await connectQueue(options.queue, (line) => {
    redisAway = line.startsWith("lost Redis");
    lastError = "";
    log(line);
  });
  let jobs = 0;
  const onEvent = (event: QueueWorkerEvent): void => {
    if (event.kind === "error") {
      if (!redisAway && event.message !== lastError) log(`error: ${event.message}`);
      lastError = event.message;
      return;
    }
    if (event.kind === "finished") jobs++;
    if (event.kind === "failed") log(`job ${event.id} (${event.key}) failed: ${event.reason}`);
    else if (options.verbose) log(event.kind === "started" ? `started ${event.id} ${event.key}` : `finished ${event.id} ${event.key} in ${Math.round(event.ms)} ms`);
  };
  try {
    const worker = await startQueueWorker({
      link,
      cxVersion,
      threads: options.threads ?? defaultWorkers(),
      protocols,
      onEvent,
      ...(options.lockSeconds === undefined ? {} : { lockMs: options.lockSeconds * 1000 }),
    });
    log(`${worker.name} takes jobs from ${link.url.display} (Redis ${link.serverVersion}) on ${worker.threads} thread${worker.threads === 1 ? "" : "s"}, protocols ${protocols.map((p) => p.plugin.name).join(", ")}; stop with Ctrl-C`);
    const { force } = await (options.stopped ?? signalled(log));
    await worker.close({ force });
    log(`${worker.name} stopped after ${jobs} jobs`);
    return ExitCode.ok;
  } finally {
    await link.close();
  }
}
