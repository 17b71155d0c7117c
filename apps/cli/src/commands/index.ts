import type { Command } from "commander";
import { exitCodeHelp } from "../exit-codes.js";
import { registerBenchCommand } from "./bench-command.js";
import { registerBugsCommand } from "./bugs-command.js";
import { registerCampaignCommand } from "./campaign-command.js";
import { registerHuntCommand } from "./hunt-command.js";
import { registerLinCommand } from "./lin-command.js";
import { registerNewCommand } from "./new-command.js";
import { registerProtocolsCommand } from "./protocols-command.js";
import { registerReplayCommand } from "./replay-command.js";
import { registerReportCommand } from "./report-command.js";
import { registerRunCommand } from "./run-command.js";
import { registerShrinkCommand } from "./shrink-command.js";
import { registerWorkerCommand } from "./worker-command.js";

/**
 * Every cx command. Each registers its flags from a light `*-command.ts`
 * file and imports its work only when it runs, so `cx --help` loads no
 * simulator, checker or search.
 */
export function registerCommands(program: Command): void {
  registerProtocolsCommand(program);
  registerBugsCommand(program);
  registerRunCommand(program);
  registerHuntCommand(program);
  registerReplayCommand(program);
  registerShrinkCommand(program);
  registerLinCommand(program);
  registerBenchCommand(program);
  registerCampaignCommand(program);
  registerWorkerCommand(program);
  registerReportCommand(program);
  registerNewCommand(program);
  for (const command of program.commands) command.addHelpText("after", exitCodeHelp);
}
