import { readFileSync } from "node:fs";
import { GeneratedChoices, hashTrace, ReplayedChoices, type ScenarioOptions } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { protocolPlugin } from "../src/index.js";

interface Repro {
  readonly scenario: ScenarioOptions;
  readonly choices: number[];
  readonly violation: { readonly invariant: string; readonly message: string };
}

const repro = (name: string): Repro => JSON.parse(readFileSync(new URL(`../../../docs/third-party/skiff/${name}.json`, import.meta.url), "utf8")) as Repro;

/** The hunts' findings (docs/third-party/skiff/), each a skiff mistake told in docs/third-party.md. */
const COUNTEREXAMPLES = ["index-reused-after-restart", "stale-append-truncates", "restarted-voter-forgets-log", "stale-append-truncates-2", "restarted-voter-forgets-log-2"];

describe("skiff 1.10.0 under the host", () => {
  it("the all-zeros run elects a leader and commits every client operation with no violation", () => {
    const run = protocolPlugin.run({ choices: new ReplayedChoices([]), recordTrace: true });
    expect(run.violation).toBeNull();
    expect(run.trace.some((e) => e.kind === "observation" && e.observation["kind"] === "role" && e.observation["role"] === "leader")).toBe(true);
    expect(run.history.length).toBeGreaterThan(0);
    expect(run.history.every((op) => op.return !== null)).toBe(true);
  });

  it("the same choices give the same trace hash", () => {
    for (const seed of [1, 2]) {
      const first = protocolPlugin.run({ choices: new GeneratedChoices(seed), recordTrace: true });
      const again = protocolPlugin.run({ choices: new ReplayedChoices(first.choices), recordTrace: true });
      expect(hashTrace(again.trace)).toBe(hashTrace(first.trace));
      expect(again.violation?.message).toBe(first.violation?.message);
    }
  });

  it.each(COUNTEREXAMPLES)("the saved counterexample %s reproduces its violation", (name) => {
    const saved = repro(name);
    const run = protocolPlugin.run({ choices: new ReplayedChoices(saved.choices), options: saved.scenario });
    expect(run.violation?.invariant).toBe(saved.violation.invariant);
    expect(run.violation?.message).toBe(saved.violation.message);
  });
});
