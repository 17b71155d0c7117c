import { isRaftBugName, type RaftBugName } from "@cx/raft";
import { parseRepro, type Repro } from "@cx/search";
import { validateScenarioOptions, type ScenarioOptions } from "@cx/sim";
import { readInputText } from "./input-file.js";
import { writeFileAtomic } from "./output.js";
import { UserError } from "./user-error.js";

/** A reproduction file, loaded and checked against this cx (Raft only, known defects, known options). */
export interface LoadedRepro {
  readonly repro: Repro;
  readonly bugs: RaftBugName[];
  readonly options: ScenarioOptions;
}

/** Reads and validates a repro.json; every problem becomes a UserError naming the field. */
export function loadRepro(path: string): LoadedRepro {
  const parsed = parseRepro(readInputText(path, "a reproduction file written by cx hunt"));
  if (!parsed.ok) {
    throw new UserError(`${path} is not a valid reproduction file:\n${parsed.errors.map((e) => `  ${e.path === "" ? "(file)" : e.path}: ${e.message}`).join("\n")}`);
  }
  const repro = parsed.value;
  if (repro.protocol !== "raft") throw new UserError(`${path}: protocol: expected "raft" (the only protocol this cx runs), got "${repro.protocol}"`);
  const unknown = repro.bugs.filter((b) => !isRaftBugName(b));
  if (unknown.length > 0) throw new UserError(`${path}: bugs: unknown defect ${unknown.map((b) => `"${b}"`).join(", ")}`);
  const scenario = validateScenarioOptions(repro.scenario);
  if (!scenario.ok) throw new UserError(`${path} is not a valid reproduction file:\n${scenario.errors.map((e) => `  scenario.${e.path}: ${e.message}`).join("\n")}`);
  return { repro, bugs: repro.bugs as RaftBugName[], options: scenario.value };
}

/** Writes a reproduction file atomically: an interruption never leaves half a file. */
export function saveRepro(path: string, text: string): void {
  writeFileAtomic(path, text);
}
