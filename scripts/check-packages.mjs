#!/usr/bin/env node
// Packs every non-private workspace package the way `pnpm publish` would and
// checks each tarball as a consumer receives it: the LICENSE and the
// metadata are there, no `workspace:` range is left, publint finds no error
// and @arethetypeswrong/cli (attw) resolves every entry point without a
// problem. Run after `pnpm run build` (the tarballs ship dist/). Exits 1 if
// any package fails, with one line per package; names given as arguments
// (`node scripts/check-packages.mjs @cx/viz`) narrow the check to them.
//
// attw runs with its default "strict" profile: every package is an ESM + CJS
// dual build with declarations for both (tsup.shared.ts), so node10,
// node16 (from CJS and from ESM) and bundler resolution must all succeed;
// no resolution mode is excused.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findWorkspacePackages } from "../tools/architecture/src/workspace-packages.mjs";

const root = join(import.meta.dirname, "..");
const bin = (name) => join(root, "node_modules", ".bin", name);
const license = readFileSync(join(root, "LICENSE"), "utf8");

/** Runs a command; returns its output and whether it succeeded (never throws on a non-zero exit). */
function run(command, args, cwd) {
  try {
    const out = execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
    return { ok: true, out };
  } catch (error) {
    return { ok: false, out: `${error.stdout ?? ""}${error.stderr ?? ""}` || String(error) };
  }
}

/** What is wrong with the packed package.json and LICENSE, read out of the tarball. */
function contentProblems(tarball, dir) {
  const problems = [];
  const extracted = join(dir, "extracted");
  mkdirSync(extracted);
  execFileSync("tar", ["-xzf", tarball, "-C", extracted]);
  let packedLicense = "";
  try {
    packedLicense = readFileSync(join(extracted, "package", "LICENSE"), "utf8");
  } catch {
    problems.push("the tarball has no LICENSE");
  }
  if (packedLicense !== "" && packedLicense !== license) problems.push("the tarball's LICENSE differs from the repository's");
  const manifest = JSON.parse(readFileSync(join(extracted, "package", "package.json"), "utf8"));
  if (manifest.license !== "MIT") problems.push(`"license" is ${JSON.stringify(manifest.license)}, expected "MIT"`);
  if (typeof manifest.repository?.url !== "string" || typeof manifest.repository?.directory !== "string") problems.push('"repository" needs a url and a directory');
  if (typeof manifest.engines?.node !== "string") problems.push('"engines.node" is missing');
  // A hosted protocol tests one exact version of a library (its findings are about that version): it names the pin and why.
  const pinned = manifest.cx?.pinned ?? {};
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (String(range).startsWith("workspace:")) problems.push(`${field}.${name} is still ${range}`);
      else if (field === "dependencies" && /^\d/.test(String(range)) && typeof pinned[name] !== "string") problems.push(`${field}.${name} is pinned to ${range}: use a caret range so consumers can deduplicate (or name it in "cx": { "pinned": { "${name}": "why" } })`);
    }
  }
  return problems;
}

/** A package's package.json. */
function readManifest(pkg) {
  return JSON.parse(readFileSync(join(root, pkg.dir, "package.json"), "utf8"));
}

/** Packs and checks one package; returns its failures (empty when it passes). */
function checkPackage(pkg, scratch) {
  const dir = join(scratch, pkg.name.replace(/[@/]/g, "_"));
  mkdirSync(dir);
  const packed = run("pnpm", ["pack", "--pack-destination", dir], join(root, pkg.dir));
  const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"));
  if (!packed.ok || tarball === undefined) return [`pnpm pack failed:\n${packed.out}`];
  const path = join(dir, tarball);
  const failures = contentProblems(path, dir);
  const publint = run(bin("publint"), ["run", path, "--pack", "false"], root);
  if (!publint.ok) failures.push(`publint reports an error:\n${publint.out}`);
  else if (!/All good!/.test(publint.out)) console.log(`${pkg.name}: publint notes (not errors):\n${publint.out}`);
  // A package that ships no CommonJS build on purpose (no "require" condition anywhere) is checked as ESM-only.
  const esmOnly = !JSON.stringify(readManifest(pkg).exports ?? {}).includes('"require"');
  const attw = run(bin("attw"), [path, "--format", "ascii", ...(esmOnly ? ["--profile", "esm-only"] : [])], root);
  if (!attw.ok) failures.push(`attw reports a problem:\n${attw.out}`);
  return failures;
}

// Package names given on the command line narrow the check to them.
const only = process.argv.slice(2);
const packages = findWorkspacePackages(root).filter((pkg) => !pkg.isPrivate && (only.length === 0 || only.includes(pkg.name)));
if (packages.length === 0) {
  console.error(`no non-private workspace package matches ${only.join(", ")}`);
  process.exit(2);
}
const scratch = mkdtempSync(join(tmpdir(), "cx-pack-"));
let failed = 0;
try {
  for (const pkg of packages) {
    const failures = checkPackage(pkg, scratch);
    if (failures.length === 0) {
      console.log(`ok   ${pkg.name} (LICENSE, metadata, publint, attw)`);
    } else {
      failed += 1;
      console.log(`FAIL ${pkg.name}\n${failures.map((f) => `  - ${f}`).join("\n")}`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`${packages.length - failed} packages passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
