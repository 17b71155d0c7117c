#!/usr/bin/env node
// Sums vitest's JSON reports (one per package) into the plain line CI reads.
// A package whose report is missing counts as a failure: its tests never ran.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
const expected = ["packages", "apps", "tools"].flatMap((group) =>
  existsSync(group)
    ? readdirSync(group).filter((name) => {
        const pkg = join(group, name, "package.json");
        return existsSync(pkg) && JSON.parse(readFileSync(pkg, "utf8")).scripts?.test;
      })
    : [],
);
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
