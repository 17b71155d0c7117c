/**
 * Viewstamped Replication's trust run: 10,000 generated schedules of the
 * correct protocol with the hunt's scenario options (drawn horizon, swarm
 * profile with the nemesis, steady client cadence, a 4 s fault phase), which
 * must report no violation; then how often a random schedule of the same
 * kind exposes each seeded defect. Prints its figures and writes
 * results/viewstamped-replication-bench.json (@cx/vitest's trust bench,
 * shared with the other example protocols).
 *
 *   cd examples/viewstamped-replication && pnpm bench        (BENCH_QUICK=1 for 1,000 schedules)
 */
import { resolve } from "node:path";
import { runTrustBench, trustBenchLines, writeTrustBenchReport } from "@cx/vitest";
import { protocolPlugin } from "../src/index.js";

const quick = process.env["BENCH_QUICK"] === "1";
const result = runTrustBench(protocolPlugin, { schedules: quick ? 1000 : 10_000, defectSchedules: quick ? 300 : 2000 });
for (const line of trustBenchLines(result, "protocol")) process.stdout.write(`${line}\n`);
writeTrustBenchReport(resolve(import.meta.dirname, "../../../results/viewstamped-replication-bench.json"), { benchmark: "viewstamped-replication", quick, result });
