import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ruleOf } from "./package-kinds.mjs";
import { cycleProblem, importProblems, kindProblems, loadWorkspace, reachProblems, unusedExceptions } from "./package-map.js";
import { findCycle } from "./source-graph.js";

const root = join(import.meta.dirname, "..", "..", "..");
const workspace = loadWorkspace(root);

describe("the package map, applied to every workspace package by its declared kind", () => {
  it("finds the packages through pnpm-workspace.yaml, libraries, apps and tools alike", () => {
    const names = workspace.packages.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["@cx/sim", "@cx/check", "@cx/raft", "@cx/search", "@cx/viz", "@cx/eval", "@cx/cli", "@cx/report", "@cx/architecture"]));
  });

  it("every workspace package declares a kind in its package.json", () => {
    expect(kindProblems(workspace)).toEqual([]);
  });

  it("every known exception is still needed (delete it once the import is gone)", () => {
    expect(unusedExceptions(workspace)).toEqual([]);
  });

  for (const pkg of workspace.packages) {
    const kind = pkg.kind ?? "no kind";
    it(`${pkg.name} (${kind}) imports only the @cx packages its kind allows, in source and in package.json`, () => {
      expect(importProblems(pkg, workspace)).toEqual([]);
    });

    it(`${pkg.name} (${kind}) has no import cycle among its own files`, () => {
      expect(cycleProblem(pkg, workspace)).toBeUndefined();
    });

    it(`${pkg.name} (${kind}) never reaches into another package's sources by path`, () => {
      expect(reachProblems(pkg, workspace)).toEqual([]);
    });
  }

  it("keeps the deterministic core deterministic: the leaves, the protocols and the search", () => {
    const deterministic = workspace.packages.filter((p) => ruleOf(p).deterministic).map((p) => p.name);
    expect(deterministic).toEqual(expect.arrayContaining(["@cx/sim", "@cx/check", "@cx/raft", "@cx/search"]));
    expect(deterministic).not.toContain("@cx/eval");
    expect(deterministic).not.toContain("@cx/cli");
  });

  it("detects a cycle when there is one (the check can fail)", () => {
    const edges = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]]]);
    expect(findCycle(edges)).toEqual(["a", "b", "c", "a"]);
    expect(findCycle(new Map([["a", ["b"]], ["b", []]]))).toBeUndefined();
  });
});
