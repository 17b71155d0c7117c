#!/usr/bin/env node
// Sums vitest's JSON reports (one per package and tier) into the plain line CI reads.
// A package whose report is missing counts as a failure: its tests never ran.
import { readFileSync, existsSync } from "node:fs";
import { basename, join } from "node:path";
import { findWorkspacePackages } from "../tools/architecture/src/workspace-packages.mjs";

const dir = process.argv[2];
// Every workspace package with a test script writes a report named for its folder (vitest.shared.ts).
// A package with a test:integration script also writes <folder>.integration.json (CI runs that tier after npm test).
const scriptsOf = (pkg) => JSON.parse(readFileSync(join(import.meta.dirname, "..", pkg.dir, "package.json"), "utf8")).scripts ?? {};
const packages = findWorkspacePackages(join(import.meta.dirname, ".."));
const expected = [
  ...packages.filter((pkg) => scriptsOf(pkg).test).map((pkg) => basename(pkg.dir)),
  ...packages.filter((pkg) => scriptsOf(pkg)["test:integration"]).map((pkg) => `${basename(pkg.dir)}.integration`),
];
let passed = 0;
let failed = 0;
for (const name of expected) {
  const file = join(dir, `${name}.json`);
  if (!existsSync(file)) {
    console.log(`no test report for ${name}: counted as one failure`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (report.numTotalTests === 0) {
    console.log(`no tests ran in ${name}: counted as one failure`);
    failed += 1;
    continue;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that failed to load has no tests to count but is still a failure.
  const brokenFiles = (report.testResults ?? []).filter((r) => r.status === "failed" && r.assertionResults.length === 0).length;
  failed += brokenFiles;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
