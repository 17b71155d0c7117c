import type { Command } from "commander";
import { printJson } from "../output.js";
import { nonNegativeInteger, positiveInteger } from "../parse-flags.js";
import { addExperimentFlags, experimentOptions, type ExperimentFlags } from "./bench-command.js";

interface CampaignFlags extends ExperimentFlags {
  readonly queue: string;
  readonly patience?: number;
}

/** `cx campaign --queue redis://host:port [the flags of cx bench]`: the experiment's coordinator, its hunts and shrinks run by `cx worker`s. */
export function registerCampaignCommand(program: Command): void {
  addExperimentFlags(
    program
      .command("campaign")
      .description(
        "run the experiment as a campaign on a Redis queue: cut its hunts and shrinks into jobs for `cx worker`s on any number of machines, wait for them and merge their results into the same results.json as `cx bench` (same figures, apart from timings)",
      )
      .requiredOption("--queue <url>", "the Redis the workers take jobs from: redis://host:port (rediss:// for TLS; redis://:password@host:port/db)"),
  )
    .option("--workers <n>", "worker threads on this machine for what the coordinator runs itself: the linearizability corpus (default 1; throughput and speed-up are measured here too)", nonNegativeInteger("--workers"))
    .option("--patience <seconds>", "give up (exit 2) when, with jobs outstanding, no worker has been connected or Redis has not answered for this long (default 600)", positiveInteger("--patience"))
    .addHelpText(
      "after",
      `
A restarted coordinator resumes: jobs are keyed by their content, so it finds the jobs it cut
before and the results already finished; a worker that dies mid-job has its job taken over by
another worker when its lock runs out. Finished jobs are removed from Redis once results.json
is written. Start workers with:  cx worker --queue <the same url>`,
    )
    .action(async (flags: CampaignFlags) => {
      const { runCampaign } = await import("./campaign.js");
      const { exitCode, report, text } = await runCampaign(experimentOptions(flags), {
        queue: flags.queue,
        ...(flags.patience === undefined ? {} : { patienceSeconds: flags.patience }),
      });
      if (flags.json) printJson(report);
      else process.stdout.write(`${text}\n`);
      process.exitCode = exitCode;
    });
}
