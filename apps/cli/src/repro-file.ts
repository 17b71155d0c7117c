import { parseRepro, type Repro } from "@cx/search";
import { validateScenarioOptions, type ProtocolPlugin, type ScenarioOptions } from "@cx/sim";
import { readInputText } from "./input-file.js";
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

/** Reads and validates a repro.json's format and scenario (within its documented ranges); every problem becomes a UserError naming the field. */
export function readRepro(path: string): ReadRepro {
  const parsed = parseRepro(readInputText(path, "a reproduction file written by cx hunt"));
  if (!parsed.ok) {
    throw new UserError(`${path} is not a valid reproduction file:\n${parsed.errors.map((e) => `  ${e.path === "" ? "(file)" : e.path}: ${e.message}`).join("\n")}`);
  }
  const repro = parsed.value;
  const scenario = validateScenarioOptions(repro.scenario);
  if (!scenario.ok) throw new UserError(`${path} is not a valid reproduction file:\n${scenario.errors.map((e) => `  scenario.${e.path}: ${e.message}`).join("\n")}`);
  return { repro, options: scenario.value };
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
