import type { Command } from "commander";
import { positiveInteger } from "../parse-flags.js";
import { collectProtocols } from "./bench-command.js";

interface WorkerFlags {
  readonly queue: string;
  readonly threads?: number;
  readonly protocol?: string[];
  readonly lockSeconds?: number;
  readonly verbose: boolean;
}

/** `cx worker --queue redis://host:port [--threads N] [--protocol REF]... [--lock-seconds S] [--verbose]`: runs a campaign's jobs. */
export function registerWorkerCommand(program: Command): void {
  program
    .command("worker")
    .description("take the hunts and shrinks of `cx campaign`s from a Redis queue and run them on worker threads, until stopped (Ctrl-C or SIGTERM: finish the jobs in hand, then exit)")
    .requiredOption("--queue <url>", "the Redis the coordinator cut the jobs into: redis://host:port (rediss:// for TLS; redis://:password@host:port/db)")
    .option("--threads <n>", "worker threads, and jobs run at once (default: one per core)", positiveInteger("--threads"))
    .option("--protocol <ref>", "a protocol this machine runs besides the built-in ones: a module file or a package name (repeatable or comma-separated), as the coordinator named it", collectProtocols)
    .option("--lock-seconds <s>", "how long a job stays with a worker that stopped answering before another worker takes it over (default 30)", positiveInteger("--lock-seconds"))
    .option("--verbose", "a line on stderr for every job started and finished", false)
    .addHelpText(
      "after",
      `
Run the same cx version as the coordinator (a job cut by another version is refused, and the
campaign stops with a message). A worker killed mid-job loses nothing: when its lock runs out,
another worker runs the job again, and the coordinator counts it once.`,
    )
    .action(async (flags: WorkerFlags) => {
      const { runWorker } = await import("./worker.js");
      process.exitCode = await runWorker({
        queue: flags.queue,
        verbose: flags.verbose,
        ...(flags.threads === undefined ? {} : { threads: flags.threads }),
        ...(flags.protocol === undefined ? {} : { protocols: flags.protocol }),
        ...(flags.lockSeconds === undefined ? {} : { lockSeconds: flags.lockSeconds }),
      });
    });
}
