import { readFileSync } from "node:fs";
import { findProtocolPlugin, ReplayedChoices } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { protocolPlugin as mutantsPlugin, paxosMutants } from "../bench/mutants.js";
import { isPaxosDefectName, paxosDefects, runPaxos, type PaxosDefectName } from "../src/index.js";

interface Fixture {
  readonly defect: PaxosDefectName;
  readonly foundWith: string;
  readonly violation: { readonly invariant: string; readonly message: string };
  readonly choices: number[];
}

function fixture(defect: PaxosDefectName): Fixture {
  return JSON.parse(readFileSync(new URL(`./fixtures/${defect}.json`, import.meta.url), "utf8")) as Fixture;
}

describe("each seeded defect, replayed from a saved choice list", () => {
  for (const defect of paxosDefects) {
    it(`${defect.name} breaks ${defect.caughtBy} with the saved message, and correct Paxos survives the same choices`, () => {
      const saved = fixture(defect.name);
      const broken = runPaxos({ defects: [defect.name], choices: new ReplayedChoices(saved.choices) });
      expect(broken.violation?.invariant, `fixture found with ${saved.foundWith}`).toBe(defect.caughtBy);
      expect(broken.violation?.message).toBe(saved.violation.message);
      expect(runPaxos({ choices: new ReplayedChoices(saved.choices) }).violation).toBeNull();
    });
  }
});

describe("the defect registry", () => {
  const source = readFileSync(new URL("../src/paxos-node.ts", import.meta.url), "utf8");

  it("lists seven defects, each its own name and its own mistake, and the name check accepts exactly those", () => {
    expect(new Set(paxosDefects.map((d) => d.name)).size).toBe(7);
    expect(new Set(paxosDefects.map((d) => d.mistake)).size).toBe(7);
    for (const defect of paxosDefects) expect(isPaxosDefectName(defect.name), defect.name).toBe(true);
    for (const near of ["minority", "MINORITY_QUORUM", "none", "", "minority_quorum "]) expect(isPaxosDefectName(near), JSON.stringify(near)).toBe(false);
  });

  it("guards each defect exactly once in the one implementation, the benchmark's mutants too", () => {
    for (const defect of [...paxosDefects, ...paxosMutants]) expect(source.split(`defects.has("${defect.name}")`).length - 1, defect.name).toBe(1);
  });

  it("keeps the benchmark's mutants out of the defects a user can name", () => {
    for (const mutant of paxosMutants) expect(isPaxosDefectName(mutant.name), mutant.name).toBe(false);
    expect(findProtocolPlugin({ protocolPlugin: mutantsPlugin }).ok).toBe(true);
  });
});
