/**
 * Two-phase commit's trust run: 10,000 generated schedules of the correct
 * protocol with the hunt's scenario options (drawn horizon, swarm profile
 * with the nemesis, steady client cadence, a 4 s fault phase), which must
 * report no violation;
 * then how often a random schedule of the same kind exposes each seeded
 * defect. Prints its figures and writes results/two-phase-commit-bench.json.
 *
 *   cd examples/two-phase-commit && pnpm bench        (BENCH_QUICK=1 for 1,000 schedules)
 */
import { renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { GeneratedChoices, huntScenarioOverrides } from "@cx/sim";
import { protocolPlugin } from "../src/index.js";

const quick = process.env["BENCH_QUICK"] === "1";
const TRUST_SCHEDULES = quick ? 1000 : 10_000;
const DEFECT_SCHEDULES = quick ? 300 : 2000;
const FIRST_SEED = 1;

const seconds = (since: bigint): number => Number(process.hrtime.bigint() - since) / 1e9;

const trustStart = process.hrtime.bigint();
const violations: string[] = [];
let events = 0;
let operations = 0;
for (let seed = FIRST_SEED; seed < FIRST_SEED + TRUST_SCHEDULES; seed++) {
  const run = protocolPlugin.run({ choices: new GeneratedChoices(seed), options: huntScenarioOverrides });
  events += run.counters.events;
  operations += run.history.length;
  if (run.violation !== null) violations.push(`seed ${seed}: ${run.violation.invariant}: ${run.violation.message}`);
}
const trustSeconds = seconds(trustStart);

const defects = protocolPlugin.defects.map((defect) => {
  const found = new Map<string, number>();
  for (let seed = FIRST_SEED; seed < FIRST_SEED + DEFECT_SCHEDULES; seed++) {
    const violation = protocolPlugin.run({ defects: [defect.name], choices: new GeneratedChoices(seed), options: huntScenarioOverrides }).violation;
    if (violation !== null) found.set(violation.invariant, (found.get(violation.invariant) ?? 0) + 1);
  }
  return { defect: defect.name, caughtBy: defect.caughtBy, schedules: DEFECT_SCHEDULES, violations: Object.fromEntries(found) };
});

const report = {
  benchmark: "two-phase-commit",
  node: process.version,
  quick,
  scenario: { ...protocolPlugin.scenario, ...huntScenarioOverrides },
  trust: {
    schedules: TRUST_SCHEDULES,
    firstSeed: FIRST_SEED,
    violations: violations.length,
    examples: violations.slice(0, 5),
    clientOperations: operations,
    events,
    seconds: Number(trustSeconds.toFixed(1)),
  },
  defects,
};

const line = (label: string, value: string): void => void process.stdout.write(`${label.padEnd(30)}${value}\n`);
line(`trust run (${TRUST_SCHEDULES} schedules)`, `${violations.length} violations on the correct protocol, ${operations} client operations, ${report.trust.seconds} s`);
for (const example of report.trust.examples) process.stdout.write(`  ! ${example}\n`);
for (const d of defects) {
  const expected = d.violations[d.caughtBy] ?? 0;
  line(`  ${d.defect}`, `${((expected / d.schedules) * 100).toFixed(1)}% of ${d.schedules} schedules break ${d.caughtBy}; all: ${JSON.stringify(d.violations)}`);
}

const out = resolve(import.meta.dirname, "../../../results/two-phase-commit-bench.json");
writeFileSync(`${out}.tmp`, `${JSON.stringify(report, null, 2)}\n`);
renameSync(`${out}.tmp`, out);
