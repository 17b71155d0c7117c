import type { Command } from "commander";
import { registerHuntCommand } from "./hunt.js";
import { registerLinCommand } from "./lin.js";
import { registerReplayCommand } from "./replay.js";
import { registerShrinkCommand } from "./shrink.js";

/** Every cx command, each in its own file under commands/. */
export function registerCommands(program: Command): void {
  registerHuntCommand(program);
  registerReplayCommand(program);
  registerShrinkCommand(program);
  registerLinCommand(program);
}
