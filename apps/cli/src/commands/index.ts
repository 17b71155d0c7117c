import type { Command } from "commander";

/** Every cx command, each in its own file under commands/. */
export function registerCommands(program: Command): void {
  void program;
}
