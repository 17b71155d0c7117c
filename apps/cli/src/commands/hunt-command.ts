import type { StrategyName } from "@cx/search";
import type { ScenarioOptions } from "@cx/sim";
import { Option, type Command } from "commander";
import { printJson } from "../output.js";
import { clampWorkers, positiveInteger, seedValue } from "../parse-flags.js";
import { protocolOption, resolveProtocol } from "../protocol-option.js";
import { checkScenarioSettings, scenarioSettings } from "../scenario-flag.js";
import { defaultBugs, defaultHunt, STRATEGY_NAMES } from "./hunt-defaults.js";

/** `cx hunt [--protocol X] [--bugs a,b] [--strategy S] [--budget N] [--seed N] [--save FILE] [--shrink-runs N] [--shrink-seconds S] [--workers N] [--svg FILE] [--scenario k=v,...] [--json]`. */
export function registerHuntCommand(program: Command): void {
  program
    .command("hunt")
    .description("search for a schedule that breaks a protocol with the given defects; shrink it, save it, tell its story")
    .addOption(protocolOption())
    .option("--bugs <names>", `defects to switch on, comma-separated, or "none" for the correct protocol (see cx bugs; default for raft: ${defaultHunt.bugs})`)
    .addOption(new Option("--strategy <name>", "search strategy").choices(STRATEGY_NAMES).default(defaultHunt.strategy))
    .option("--budget <runs>", "most runs to try", positiveInteger("--budget"), defaultHunt.budget)
    .option("--seed <n>", "seed of the search (0 to 4294967295)", seedValue("--seed"), defaultHunt.seed)
    .option("--save <file>", "where to write the reproduction", defaultHunt.save)
    .option("--shrink-runs <n>", "budget of the shrinker, in candidate runs", positiveInteger("--shrink-runs"), defaultHunt.shrinkRuns)
    .option("--shrink-seconds <s>", "outer wall-clock cap on shrinking (the output says when it bit)", positiveInteger("--shrink-seconds"), defaultHunt.shrinkSeconds)
    .option("--workers <n>", "search on this many worker threads (the answer is the same for any number)", positiveInteger("--workers"))
    .option("--svg <file>", "also write the counterexample's space-time diagram")
    .option("--scenario <settings>", "scenario options over the hunt's, e.g. diskFaults=1,clockDriftPpm=10000,clusterSize=7 (recorded in the reproduction)", scenarioSettings)
    .option("--json", "print one JSON object instead of text", false)
    .action(async (flags: { protocol: string; bugs?: string; strategy: StrategyName; budget: number; seed: number; save: string; shrinkRuns: number; shrinkSeconds: number; svg?: string; json: boolean; workers?: number; scenario?: Partial<ScenarioOptions> }) => {
      if (flags.scenario !== undefined) await checkScenarioSettings(flags.scenario);
      const [{ checkHuntPaths, runHunt }, { parseBugList }] = await Promise.all([import("./hunt.js"), import("../bug-list.js")]);
      checkHuntPaths({ save: flags.save, protocolRef: flags.protocol, ...(flags.svg === undefined ? {} : { svg: flags.svg }) });
      const protocol = await resolveProtocol(flags.protocol);
      const bugs = flags.bugs ?? defaultBugs(protocol);
      const workers = clampWorkers(flags.workers, { flag: "--workers", say: (line) => process.stderr.write(line) });
      const { workers: _requested, ...rest } = flags;
      const { exitCode, report, text } = await runHunt({ ...rest, ...(workers === undefined ? {} : { workers }), protocol, protocolRef: flags.protocol, bugs: parseBugList(bugs, protocol.plugin) });
      if (flags.json) printJson(report);
      else process.stdout.write(`${text}\n`);
      process.exitCode = exitCode;
    });
}
