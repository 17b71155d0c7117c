import { runCli } from "./cli.js";
import { guardStandardStreams } from "./standard-streams.js";
import { userFolder } from "./user-folder.js";

guardStandardStreams();
// `pnpm cx` runs in the checkout's root wherever it was typed: relative paths are the user's, so work where they were typed.
process.chdir(userFolder(process.env, process.cwd(), /\.[cm]?ts$/.test(new URL(import.meta.url).pathname)));
process.exitCode = await runCli(process.argv.slice(2));
