import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readResults, type ExperimentResults } from "@cx/eval";
import type { BenchFiles } from "./results-page.js";

const json = <T>(root: string, file: string): T => JSON.parse(readFileSync(join(root, file), "utf8")) as T;

/** The committed results files the results page and the README's headline are made from. */
export function readResultSources(root: string): { results: ExperimentResults; bench: BenchFiles } {
  return {
    results: readResults(join(root, "results", "results.json")),
    bench: {
      sim: json(root, "results/sim-bench.json"),
      raft: json(root, "results/raft-bench.json"),
      paxos: json(root, "results/paxos-bench.json"),
      check: json(root, "results/check-bench.json"),
      search: json(root, "results/search-bench.json"),
      workers: json(root, "results/workers.json"),
      searchPower: readdirSync(join(root, "results"))
        .filter((file) => file.startsWith("search-power-") && file.endsWith("-equal-time.json"))
        .sort()
        .map((file) => ({ file: `results/${file}`, bench: json(root, `results/${file}`) })),
    },
  };
}
