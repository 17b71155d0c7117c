import type { Command } from "commander";
import { exitCodeHelp } from "../exit-codes.js";
import { printJson } from "../output.js";
import { clip } from "../terminal-safe.js";
import { UserError } from "../user-error.js";

/** `cx new protocol <name> [--dir DIR] [--scope @acme] [--json]`. */
export function registerNewCommand(program: Command): void {
  const create = program
    .command("new")
    .description("start something of your own from a template: cx new protocol <name>")
    .argument("[what]", "what to make: protocol")
    .action((what: string | undefined) => {
      const named = what === undefined ? "" : `; ${JSON.stringify(clip(what, 60))} is not something it makes`;
      throw new UserError(`cx new makes a protocol package: cx new protocol <name>${named}`);
    });
  create
    .command("protocol")
    .description("write a new protocol package into this cx checkout (packages/<name>): a working primary-backup protocol with two seeded defects, its plug-in and tests")
    .argument("<name>", "the protocol's name: lower-case letters, digits and dashes (my-protocol); also the package's and the folder's")
    .option("--dir <dir>", "the folder to create (default: packages/<name> at the workspace root); it must not exist")
    .option("--scope <scope>", "the npm scope of the package name", "@cx")
    .option("--json", "print one JSON object instead of text", false)
    .addHelpText("after", exitCodeHelp)
    .action(async (name: string, flags: { dir?: string; scope: string; json: boolean }) => {
      const { runNewProtocol } = await import("./new-protocol.js");
      const { exitCode, report, text } = await runNewProtocol({ name, scope: flags.scope, cwd: process.cwd(), ...(flags.dir === undefined ? {} : { dir: flags.dir }) });
      if (flags.json) printJson(report);
      else process.stdout.write(`${text}\n`);
      process.exitCode = exitCode;
    });
}
