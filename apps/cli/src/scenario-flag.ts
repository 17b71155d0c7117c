import type { ScenarioOptions } from "@cx/sim";
import { InvalidArgumentError } from "commander";
import { clip } from "./terminal-safe.js";

/** Most settings one `--scenario` may carry: there are fewer options than this. */
const SETTINGS_MAX = 32;

/**
 * commander argument parser for `--scenario key=value,key=value`: scenario
 * options over the hunt's own (`diskFaults=1`, `clockDriftPpm=10000`,
 * `clusterSize=7`), each a whole number. Repeating the flag adds to the
 * earlier settings. Their bounds are the simulator's: {@link checkScenarioSettings}
 * checks them when the hunt runs, so that parsing the flags of any command
 * loads no simulator.
 *
 * @example
 * ```ts
 * scenarioSettings("diskFaults=1,clusterSize=7", {}); // { diskFaults: 1, clusterSize: 7 }
 * ```
 */
export function scenarioSettings(text: string, earlier: Partial<ScenarioOptions> = {}): Partial<ScenarioOptions> {
  const settings: Record<string, number> = { ...earlier };
  const parts = text.split(",").map((part) => part.trim());
  if (parts.length > SETTINGS_MAX) throw new InvalidArgumentError(`--scenario: at most ${SETTINGS_MAX} settings, got ${parts.length}.`);
  for (const part of parts) {
    const match = /^([A-Za-z]{1,40})=(\d{1,9})$/.exec(part);
    if (match === null) throw new InvalidArgumentError(`--scenario: expected option=whole-number settings separated by commas (e.g. diskFaults=1,clockDriftPpm=10000), got ${JSON.stringify(clip(part))}.`);
    settings[match[1] as string] = Number(match[2]);
  }
  return settings as Partial<ScenarioOptions>;
}

/**
 * Checks `--scenario` settings against the options' bounds, with a message
 * naming the option and its range (a usage error, exit 2), before anything
 * runs.
 *
 * @example
 * ```ts
 * await checkScenarioSettings({ diskFaults: 2 }); // throws: --scenario: diskFaults: expected an integer from 0 to 1.
 * ```
 */
export async function checkScenarioSettings(settings: Partial<ScenarioOptions>): Promise<void> {
  const { validateScenarioOptions } = await import("@cx/sim");
  const checked = validateScenarioOptions(settings);
  if (!checked.ok) throw new InvalidArgumentError(`--scenario: ${checked.errors.map((e) => (e.path === "" ? e.message : `${e.path}: ${e.message}`)).join("; ")}.`);
}
