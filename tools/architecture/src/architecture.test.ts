import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { allowedImports, apps } from "./package-map.js";
import { findCycle, importsOf, loadWorkspace, resolveRelative } from "./source-graph.js";

const root = join(import.meta.dirname, "..", "..", "..");
const workspace = loadWorkspace(root);

describe("the package map of DESIGN.md", () => {
  it("knows every workspace package", () => {
    expect(workspace.map((p) => p.name).sort()).toEqual(Object.keys(allowedImports).sort());
  });

  for (const pkg of workspace) {
    it(`${pkg.name} imports only the @cx packages it may, in source and in package.json`, () => {
      const allowed = new Set(allowedImports[pkg.name] ?? []);
      const declared = pkg.dependencies.filter((d) => d.startsWith("@cx/"));
      expect(declared.filter((d) => !allowed.has(d))).toEqual([]);
      const used = pkg.sources.flatMap((file) =>
        importsOf(file)
          .filter((s) => s.startsWith("@cx/"))
          .map((s) => ({ file: relative(root, file), target: s.split("/").slice(0, 2).join("/") })),
      );
      expect(used.filter((u) => !allowed.has(u.target))).toEqual([]);
      expect(used.filter((u) => apps.includes(u.target))).toEqual([]);
    });

    it(`${pkg.name} has no import cycle among its own files`, () => {
      const edges = new Map<string, string[]>();
      for (const file of pkg.sources) {
        const targets = importsOf(file)
          .filter((s) => s.startsWith("."))
          .map((s) => resolveRelative(file, s))
          .filter((t): t is string => t !== undefined);
        edges.set(file, targets);
      }
      const cycle = findCycle(edges);
      expect(cycle?.map((f) => relative(root, f))).toBeUndefined();
    });

    it(`${pkg.name} never reaches into another package's sources by path`, () => {
      const reaching = pkg.sources.flatMap((file) =>
        importsOf(file)
          .filter((s) => s.startsWith("."))
          .map((s) => resolveRelative(file, s))
          .filter((t): t is string => t !== undefined && !t.startsWith(pkg.dir)),
      );
      expect(reaching).toEqual([]);
    });
  }

  it("detects a cycle when there is one (the check can fail)", () => {
    const edges = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]]]);
    expect(findCycle(edges)).toEqual(["a", "b", "c", "a"]);
    expect(findCycle(new Map([["a", ["b"]], ["b", []]]))).toBeUndefined();
  });
});
