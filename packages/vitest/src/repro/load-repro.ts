import { existsSync, readFileSync } from "node:fs";
import { parseRepro, type Repro } from "@cx/search";
import type { ProtocolPlugin, ScenarioOptions } from "@cx/sim";

/** A reproduction file that cannot be replayed with this plug-in: the message names the file, the field and what was expected. */
export class ReproFileError extends Error {
  override readonly name = "ReproFileError";
}

/** A reproduction file, read and checked against the plug-in that will replay it. */
export interface LoadedRepro {
  readonly repro: Repro;
  readonly defects: readonly string[];
  readonly scenario: ScenarioOptions;
}

/**
 * Reads a `repro.json` and checks it against the plug-in: valid format, the
 * plug-in's protocol, defects it has, scenario options it knows.
 *
 * @example
 * ```ts
 * const { repro, defects, scenario } = loadRepro("test/__cx__/raft-survives.repro.json", protocolPlugin);
 * ```
 */
export function loadRepro(path: string, plugin: ProtocolPlugin): LoadedRepro {
  if (!existsSync(path)) throw new ReproFileError(`${path}: no such file (expected a reproduction file saved by a failing schedule property)`);
  const parsed = parseRepro(readFileSync(path, "utf8"));
  if (!parsed.ok) throw new ReproFileError(`${path} is not a valid reproduction file:\n${parsed.errors.map((e) => `  ${e.path === "" ? "(file)" : e.path}: ${e.message}`).join("\n")}`);
  const repro = parsed.value;
  if (repro.protocol !== plugin.name) throw new ReproFileError(`${path}: protocol: this test replays with the "${plugin.name}" plug-in, but the file is for "${repro.protocol}"`);
  const known = plugin.defects.map((d) => d.name);
  const unknown = repro.bugs.filter((b) => !known.includes(b));
  if (unknown.length > 0) throw new ReproFileError(`${path}: bugs: ${plugin.name} has no defect ${unknown.map((b) => JSON.stringify(b)).join(", ")} (it has ${known.join(", ") || "none"})`);
  return { repro, defects: repro.bugs, scenario: checkScenario(path, plugin, repro.scenario) };
}

function checkScenario(path: string, plugin: ProtocolPlugin, saved: Repro["scenario"]): ScenarioOptions {
  const keys = new Set([...Object.keys(plugin.scenario), "clusterSize"]);
  const scenario: Record<string, number> = { ...(plugin.scenario as unknown as Record<string, number>) };
  for (const [key, value] of Object.entries(saved)) {
    if (!keys.has(key)) throw new ReproFileError(`${path}: scenario.${key}: unknown scenario option (expected one of ${[...keys].join(", ")})`);
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0) throw new ReproFileError(`${path}: scenario.${key}: expected a non-negative integer, got ${JSON.stringify(value)}`);
    scenario[key] = value;
  }
  const size = scenario["clusterSize"];
  if (size !== undefined && size !== 3 && size !== 5) throw new ReproFileError(`${path}: scenario.clusterSize: expected 3 or 5, got ${size}`);
  return scenario as unknown as ScenarioOptions;
}
