import { runCli } from "./cli.js";
import { guardStandardStreams } from "./standard-streams.js";

guardStandardStreams();
process.exitCode = await runCli(process.argv.slice(2));
