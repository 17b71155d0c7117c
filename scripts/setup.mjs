#!/usr/bin/env node
// Makes a fresh machine ready: pnpm (the version pinned in package.json) and the
// workspace's dependencies. Idempotent and quick when everything is in place.
import { execSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pinned = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager.split("@")[1];
const run = (cmd) => execSync(cmd, { cwd: root, stdio: ["ignore", process.stderr, process.stderr] });

function pnpmVersion() {
  try {
    return execSync("pnpm --version", { stdio: ["ignore", "pipe", "ignore"] }).toString().trim();
  } catch {
    return undefined;
  }
}

if (pnpmVersion() === undefined) {
  console.error(`cx setup: installing pnpm@${pinned} with npm`);
  run(`npm install --global pnpm@${pinned}`);
}

const marker = join(root, "node_modules", ".modules.yaml");
const lock = join(root, "pnpm-lock.yaml");
if (!existsSync(marker) || statSync(lock).mtimeMs > statSync(marker).mtimeMs) {
  console.error("cx setup: installing dependencies (pnpm install --frozen-lockfile)");
  run("pnpm install --frozen-lockfile");
}
