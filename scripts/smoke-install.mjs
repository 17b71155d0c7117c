#!/usr/bin/env node
// Installs cx the way a user would, from packed tarballs into an empty
// folder, and runs it there: `npx cx --help` (timed) and a hunt that must
// find a seeded defect. Needs built packages (`pnpm run build`) and the npm
// registry for third-party dependencies. Exit 0 when everything worked.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "cx-smoke-"));
const tarballs = join(work, "tarballs");
const app = join(work, "app");
const keep = process.argv.includes("--keep");

// Hosted protocols (adapters of third-party libraries) are left out: a user installing cx does not install them,
// and they bring their library's own install steps (skiff 1.10.0's leveldown 1.x compiles a native addon that
// fails on Node 20, though the host never loads it). check-packages and their own tests cover them.
function publicPackages() {
  const dirs = [...readdirSync(join(root, "packages")).map((d) => join(root, "packages", d)), join(root, "apps", "cli")];
  return dirs.filter((dir) => {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      return manifest.private !== true && manifest.cx?.kind !== "hosted-protocol";
    } catch {
      return false;
    }
  });
}

let failed = false;
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failed = true;
};

try {
  for (const dir of publicPackages()) execFileSync("pnpm", ["pack", "--pack-destination", tarballs], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  const files = readdirSync(tarballs).filter((f) => f.endsWith(".tgz")).map((f) => join(tarballs, f));
  console.log(`packed ${files.length} packages`);
  execFileSync("mkdir", ["-p", app]);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "cx-smoke", private: true, type: "module" }));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...files], { cwd: app, stdio: ["ignore", "inherit", "inherit"] });

  const help = [];
  for (let i = 0; i < 5; i++) {
    const started = process.hrtime.bigint();
    const run = spawnSync("npx", ["--no-install", "cx", "--help"], { cwd: app, encoding: "utf8" });
    help.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (i === 0) check(run.status === 0 && run.stdout.includes("hunt"), "npx cx --help lists the commands");
  }
  const sorted = [...help].sort((a, b) => a - b);
  const bare = spawnSync(process.execPath, ["-e", ""]);
  void bare;
  console.log(`npx cx --help: median ${sorted[2].toFixed(0)} ms over 5 (npx's own start-up included)`);
  const direct = [];
  for (let i = 0; i < 5; i++) {
    const started = process.hrtime.bigint();
    spawnSync(process.execPath, [join(app, "node_modules", "@cx", "cli", "dist", "main.js"), "--help"], { cwd: app });
    direct.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  console.log(`node .../dist/main.js --help: median ${[...direct].sort((a, b) => a - b)[2].toFixed(0)} ms over 5`);

  const hunt = spawnSync("npx", ["--no-install", "cx", "hunt", "--bugs", "vote_twice_in_term", "--budget", "300"], { cwd: app, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  check(hunt.status === 1, `npx cx hunt --bugs vote_twice_in_term exits 1 (found), got ${hunt.status}`);
  check(/ElectionSafety violated/.test(hunt.stdout), "it names the violated invariant");
  check(/Saved to .*repro\.json/.test(hunt.stdout), "it saved the reproduction");
  const replay = spawnSync("npx", ["--no-install", "cx", "replay", "repro.json"], { cwd: app, encoding: "utf8" });
  check(replay.status === 0, `npx cx replay repro.json reproduces it, got ${replay.status}`);
  if (failed) console.log(hunt.stdout.slice(0, 2000), hunt.stderr.slice(0, 2000));
} catch (error) {
  console.log(`FAIL ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  if (!keep) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}
process.exit(failed ? 1 : 0);
