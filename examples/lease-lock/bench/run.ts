/**
 * The lease lock's trust run: 10,000 generated schedules of the correct
 * service with the hunt's scenario options (drawn horizon, swarm profile
 * with the nemesis, steady client cadence, a 4 s fault phase; clocks drift
 * within the bound the service assumes), which must report no violation;
 * then how often a random schedule of the same kind exposes each seeded
 * defect. Prints its figures and writes results/lease-lock-bench.json.
 * The runs, the lines printed and the file are @cx/vitest's trust bench,
 * shared with the other example protocols.
 *
 *   cd examples/lease-lock && pnpm bench        (BENCH_QUICK=1 for 1,000 schedules)
 */
import { resolve } from "node:path";
import { runTrustBench, trustBenchLines, writeTrustBenchReport } from "@cx/vitest";
import { protocolPlugin } from "../src/index.js";

const quick = process.env["BENCH_QUICK"] === "1";
const result = runTrustBench(protocolPlugin, { schedules: quick ? 1000 : 10_000, defectSchedules: quick ? 300 : 2000 });
for (const line of trustBenchLines(result, "service")) process.stdout.write(`${line}\n`);
writeTrustBenchReport(resolve(import.meta.dirname, "../../../results/lease-lock-bench.json"), { benchmark: "lease-lock", quick, result });
