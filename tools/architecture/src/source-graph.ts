import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const SOURCE = /\.(?:[cm]?ts|tsx|[cm]?js)$/;
const IMPORT = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;

/**
 * The source files under `dir` (TypeScript and JavaScript), tests excluded.
 *
 * When to use: to list what a package ships and imports.
 * @example listSources("packages/raft/src")
 */
export function listSources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return listSources(full);
    return SOURCE.test(entry) && !/\.test\.[cm]?[jt]sx?$/.test(entry) ? [full] : [];
  });
}

/**
 * The module specifiers `file` imports or re-exports, read with a regular
 * expression (enough for the import styles this repository uses).
 *
 * When to use: to find a source file's @cx and relative imports.
 * @example importsOf("packages/raft/src/index.ts").filter((s) => s.startsWith("@cx/"))
 */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3] ?? "").filter((s) => s !== "");
}

/**
 * Resolves a relative import to a source file, the way TypeScript's NodeNext
 * does (.js -> .ts), or undefined when no file matches.
 *
 * @example resolveRelative("packages/raft/src/index.ts", "./bugs.js") // ".../bugs.ts"
 */
export function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, ".ts"), base.replace(/\.js$/, ".tsx"), `${base}.ts`, join(base, "index.ts")];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/**
 * Finds one import cycle among files, or undefined.
 *
 * @example findCycle(new Map([["a", ["b"]], ["b", ["a"]]])) // ["a", "b", "a"]
 */
export function findCycle(edges: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    const seen = state.get(node);
    if (seen === "done") return undefined;
    if (seen === "open") return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, "open");
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}
