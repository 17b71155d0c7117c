import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { builtinProtocol } from "@cx/protocols";
import { ReplayedChoices, type ScenarioOptions } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./run-cli.js";

/** The fault model's counterexamples (docs/concepts/world.md) of what the correct protocols lose when a disk forgets what it synced (diskFaults: 1). */
const folder = join(repoRoot, "docs", "disk-faults");

describe("the fault model's disk-fault counterexamples", () => {
  for (const name of readdirSync(folder).filter((f) => f.endsWith(".json"))) {
    it(`${name} breaks the correct protocol, with a disk that failed a node at a restart`, () => {
      const repro = JSON.parse(readFileSync(join(folder, name), "utf8")) as { protocol: string; bugs: string[]; scenario: ScenarioOptions; choices: number[]; violation: { invariant: string } };
      expect(repro.bugs).toEqual([]);
      expect(repro.scenario.diskFaults).toBe(1);
      const plugin = builtinProtocol(repro.protocol)?.plugin;
      if (plugin === undefined) throw new Error(`unknown protocol ${repro.protocol}`);
      const run = plugin.run({ choices: new ReplayedChoices(repro.choices), options: repro.scenario, recordTrace: true });
      expect(run.violation?.invariant).toBe(repro.violation.invariant);
      expect(run.trace.some((e) => e.kind === "restart" && e.storageFault !== undefined)).toBe(true);
    });
  }
});
