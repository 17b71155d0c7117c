import { existsSync, readFileSync } from "node:fs";
import { parseRepro, type Repro } from "@cx/search";
import { defaultScenarioOptions, type ProtocolPlugin, type ScenarioOptions } from "@cx/sim";
import { writeFileAtomic } from "./output.js";
import { UserError } from "./user-error.js";

/** A reproduction file, read and checked for its format and scenario (which protocol runs it is looked up next). */
export interface ReadRepro {
  readonly repro: Repro;
  readonly options: ScenarioOptions;
}

/** A reproduction file bound to the protocol it names: defects checked against that protocol's. */
export interface LoadedRepro extends ReadRepro {
  readonly bugs: string[];
}

const OPTION_KEYS = new Set(Object.keys(defaultScenarioOptions).concat("clusterSize"));

/** Reads and validates a repro.json's format and scenario; every problem becomes a UserError naming the field. */
export function readRepro(path: string): ReadRepro {
  if (!existsSync(path)) throw new UserError(`${path}: no such file (expected a reproduction file written by cx hunt)`);
  const parsed = parseRepro(readFileSync(path, "utf8"));
  if (!parsed.ok) {
    throw new UserError(`${path} is not a valid reproduction file:\n${parsed.errors.map((e) => `  ${e.path === "" ? "(file)" : e.path}: ${e.message}`).join("\n")}`);
  }
  const repro = parsed.value;
  const options: Record<string, number> = { ...defaultScenarioOptions };
  for (const [key, value] of Object.entries(repro.scenario)) {
    if (!OPTION_KEYS.has(key)) throw new UserError(`${path}: scenario.${key}: unknown scenario option (expected one of ${[...OPTION_KEYS].join(", ")})`);
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0) throw new UserError(`${path}: scenario.${key}: expected a non-negative integer, got ${JSON.stringify(value)}`);
    options[key] = value;
  }
  if (options["clusterSize"] !== undefined && options["clusterSize"] !== 3 && options["clusterSize"] !== 5) {
    throw new UserError(`${path}: scenario.clusterSize: expected 3 or 5, got ${options["clusterSize"]}`);
  }
  return { repro, options: options as unknown as ScenarioOptions };
}

/** Checks a read reproduction against the protocol that will run it: same protocol name, known defects. */
export function bindRepro(path: string, read: ReadRepro, plugin: ProtocolPlugin): LoadedRepro {
  if (read.repro.protocol !== plugin.name) throw new UserError(`${path}: protocol: expected "${plugin.name}", got "${read.repro.protocol}"`);
  const known = new Set(plugin.defects.map((d) => d.name));
  const unknown = read.repro.bugs.filter((b) => !known.has(b));
  if (unknown.length > 0) throw new UserError(`${path}: bugs: unknown defect ${unknown.map((b) => `"${b}"`).join(", ")} of ${plugin.name}`);
  return { ...read, bugs: [...read.repro.bugs] };
}

/** Writes a reproduction file atomically: an interruption never leaves half a file. */
export function saveRepro(path: string, text: string): void {
  writeFileAtomic(path, text);
}
