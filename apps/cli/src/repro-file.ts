import { existsSync, readFileSync } from "node:fs";
import { isRaftBugName, type RaftBugName } from "@cx/raft";
import { parseRepro, type Repro } from "@cx/search";
import { defaultScenarioOptions, type ScenarioOptions } from "@cx/sim";
import { writeFileAtomic } from "./output.js";
import { UserError } from "./user-error.js";

/** A reproduction file, loaded and checked against this cx (Raft only, known defects, known options). */
export interface LoadedRepro {
  readonly repro: Repro;
  readonly bugs: RaftBugName[];
  readonly options: ScenarioOptions;
}

const OPTION_KEYS = new Set(Object.keys(defaultScenarioOptions).concat("clusterSize"));

/** Reads and validates a repro.json; every problem becomes a UserError naming the field. */
export function loadRepro(path: string): LoadedRepro {
  if (!existsSync(path)) throw new UserError(`${path}: no such file (expected a reproduction file written by cx hunt)`);
  const parsed = parseRepro(readFileSync(path, "utf8"));
  if (!parsed.ok) {
    throw new UserError(`${path} is not a valid reproduction file:\n${parsed.errors.map((e) => `  ${e.path === "" ? "(file)" : e.path}: ${e.message}`).join("\n")}`);
  }
  const repro = parsed.value;
  if (repro.protocol !== "raft") throw new UserError(`${path}: protocol: expected "raft" (the only protocol this cx runs), got "${repro.protocol}"`);
  const unknown = repro.bugs.filter((b) => !isRaftBugName(b));
  if (unknown.length > 0) throw new UserError(`${path}: bugs: unknown defect ${unknown.map((b) => `"${b}"`).join(", ")}`);
  const options: Record<string, number> = { ...defaultScenarioOptions };
  for (const [key, value] of Object.entries(repro.scenario)) {
    if (!OPTION_KEYS.has(key)) throw new UserError(`${path}: scenario.${key}: unknown scenario option (expected one of ${[...OPTION_KEYS].join(", ")})`);
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0) throw new UserError(`${path}: scenario.${key}: expected a non-negative integer, got ${JSON.stringify(value)}`);
    options[key] = value;
  }
  if (options["clusterSize"] !== undefined && options["clusterSize"] !== 3 && options["clusterSize"] !== 5) {
    throw new UserError(`${path}: scenario.clusterSize: expected 3 or 5, got ${options["clusterSize"]}`);
  }
  return { repro, bugs: repro.bugs as RaftBugName[], options: options as unknown as ScenarioOptions };
}

/** Writes a reproduction file atomically: an interruption never leaves half a file. */
export function saveRepro(path: string, text: string): void {
  writeFileAtomic(path, text);
}
