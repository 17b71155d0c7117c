#!/usr/bin/env node
// The README's main command: a hunt on embedded defaults that finds a seeded
// Raft defect, shrinks the failure and tells its story. For a demo, finding
// the violation (the CLI's exit code 1) is success.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const result = spawnSync(process.execPath, ["--conditions=@cx/source", "--import", "tsx", "apps/cli/src/main.ts", "hunt", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
process.exit(result.status === 1 ? 0 : (result.status ?? 1));
