import type { Command } from "commander";
import { exitCodeHelp } from "../exit-codes.js";
import { registerBenchCommand } from "./bench.js";
import { registerBugsCommand } from "./bugs.js";
import { registerHuntCommand } from "./hunt.js";
import { registerLinCommand } from "./lin.js";
import { registerProtocolsCommand } from "./protocols.js";
import { registerReplayCommand } from "./replay.js";
import { registerReportCommand } from "./report.js";
import { registerRunCommand } from "./run.js";
import { registerShrinkCommand } from "./shrink.js";

/** Every cx command, each in its own file under commands/. */
export function registerCommands(program: Command): void {
  registerProtocolsCommand(program);
  registerBugsCommand(program);
  registerRunCommand(program);
  registerHuntCommand(program);
  registerReplayCommand(program);
  registerShrinkCommand(program);
  registerLinCommand(program);
  registerBenchCommand(program);
  registerReportCommand(program);
  for (const command of program.commands) command.addHelpText("after", exitCodeHelp);
}
