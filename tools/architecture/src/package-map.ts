import { join, relative } from "node:path";
import { knownExceptions, kindProblem, mayImport } from "./package-kinds.mjs";
import { findCycle, importsOf, listSources, resolveRelative } from "./source-graph.js";
import { findWorkspacePackages, type WorkspaceManifest } from "./workspace-packages.mjs";

/** A workspace package with the source files it ships (absolute paths). */
export interface WorkspacePackage extends WorkspaceManifest {
  readonly sources: readonly string[];
}

/** A workspace, read from the folder holding its pnpm-workspace.yaml. */
export interface Workspace {
  readonly root: string;
  readonly packages: readonly WorkspacePackage[];
}

/**
 * Reads every package of the pnpm workspace at `root`, with its sources.
 *
 * When to use: once per check; every other function here takes its result.
 * @example loadWorkspace(repoRoot).packages.map((p) => p.name)
 */
export function loadWorkspace(root: string): Workspace {
  const packages = findWorkspacePackages(root).map((pkg) => ({ ...pkg, sources: listSources(join(root, pkg.dir, "src")) }));
  return { root, packages };
}

/**
 * The package a specifier names when it is a workspace package or any @cx
 * one ("@cx/sim/x" -> "@cx/sim"), or undefined (a relative import, node:fs,
 * a third-party package).
 */
function packageOf(specifier: string, workspace: Workspace): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("node:")) return undefined;
  const name = specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
  return name.startsWith("@cx/") || workspace.packages.some((p) => p.name === name) ? name : undefined;
}

/**
 * Why `pkg` may not use `target`, given the workspace: the kind rule's
 * reason, or that no workspace package has that name.
 */
function forbidden(pkg: WorkspacePackage, target: string, workspace: Workspace): string | undefined {
  const to = workspace.packages.find((p) => p.name === target);
  if (to === undefined) return `${target} is not a package of this workspace.`;
  return mayImport(pkg, to);
}

/**
 * The package's kind problem, if any: no declared kind, or one that does not exist.
 *
 * @example kindProblems(loadWorkspace(root)) // [] when every package declares a kind
 */
export function kindProblems(workspace: Workspace): string[] {
  return workspace.packages.flatMap((pkg) => kindProblem(pkg, pkg.dir) ?? []);
}

/**
 * Every import of a cx package (in source) and dependency on one (in package.json) of
 * `pkg` that its kind does not allow, each with the reason.
 *
 * When to use: per package, to say what to remove and why.
 * @example importProblems(raft, workspace) // [] for a protocol that uses only sim and check
 */
export function importProblems(pkg: WorkspacePackage, workspace: Workspace): string[] {
  const inManifest = pkg.dependencies
    .filter((dep) => packageOf(dep, workspace) !== undefined)
    .flatMap((dep) => {
      const why = forbidden(pkg, dep, workspace);
      return why === undefined ? [] : [`${pkg.dir}/package.json depends on ${dep}: ${why}`];
    });
  const inSources = pkg.sources.flatMap((file) =>
    importsOf(file).flatMap((specifier) => {
      const target = packageOf(specifier, workspace);
      const why = target === undefined ? undefined : forbidden(pkg, target, workspace);
      return why === undefined ? [] : [`${relative(workspace.root, file)} imports ${specifier}: ${why}`];
    }),
  );
  return [...inManifest, ...inSources];
}

/**
 * The known exceptions that no longer happen (so they can be deleted) or
 * name a package the workspace does not have.
 *
 * @example unusedExceptions(workspace) // [] while every listed import is still there
 */
export function unusedExceptions(workspace: Workspace): string[] {
  return knownExceptions.flatMap((exception) => {
    const from = workspace.packages.find((p) => p.name === exception.from);
    const used =
      from !== undefined &&
      (from.dependencies.includes(exception.to) || from.sources.some((file) => importsOf(file).some((s) => packageOf(s, workspace) === exception.to)));
    return used ? [] : [`the known exception ${exception.from} -> ${exception.to} is no longer used: delete it from knownExceptions in tools/architecture/src/package-kinds.mjs.`];
  });
}

/**
 * An import cycle among the package's own files, as a message, or undefined.
 *
 * @example cycleProblem(raft, workspace) // undefined
 */
export function cycleProblem(pkg: WorkspacePackage, workspace: Workspace): string | undefined {
  const edges = new Map<string, string[]>();
  for (const file of pkg.sources) {
    const targets = importsOf(file)
      .filter((s) => s.startsWith("."))
      .map((s) => resolveRelative(file, s))
      .filter((t): t is string => t !== undefined);
    edges.set(file, targets);
  }
  const cycle = findCycle(edges);
  return cycle === undefined ? undefined : `${pkg.name} has an import cycle: ${cycle.map((f) => relative(workspace.root, f)).join(" -> ")}`;
}

/**
 * Relative imports that leave the package's folder (a reach into another
 * package's sources instead of an import by name).
 *
 * @example reachProblems(raft, workspace) // []
 */
export function reachProblems(pkg: WorkspacePackage, workspace: Workspace): string[] {
  const dir = join(workspace.root, pkg.dir);
  return pkg.sources.flatMap((file) =>
    importsOf(file)
      .filter((s) => s.startsWith("."))
      .flatMap((s) => {
        const target = resolveRelative(file, s);
        return target !== undefined && relative(dir, target).startsWith("..")
          ? [`${relative(workspace.root, file)} imports ${s}, a file of another package: import the package by its name.`]
          : [];
      }),
  );
}

/**
 * Everything the package map rejects in the workspace at `root`: kinds,
 * imports, unused exceptions, cycles and reaches. Empty when all is well.
 *
 * When to use: to check a whole workspace in one call (a copy with a new
 * package in it, say); the test of this repository checks package by
 * package for readable failures.
 * @example packageMapProblems(repoRoot) // []
 */
export function packageMapProblems(root: string): string[] {
  const workspace = loadWorkspace(root);
  return [
    ...kindProblems(workspace),
    ...unusedExceptions(workspace),
    ...workspace.packages.flatMap((pkg) => [...importProblems(pkg, workspace), ...(cycleProblem(pkg, workspace) ?? []), ...reachProblems(pkg, workspace)]),
  ];
}
