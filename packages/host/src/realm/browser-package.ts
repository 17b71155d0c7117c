import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";

/**
 * An npm package the host loads into a realm in place of a Node built-in
 * (`events`, `readable-stream` for `stream`), in its browser build: the
 * browser build needs no Node built-in, so nothing in it can reach the host
 * process's own ticks. Its package.json `browser` field says which of its
 * files (and which bare modules) the browser build replaces.
 */
export interface BrowserPackage {
  readonly root: string;
  /** The file `require(name)` loads. */
  readonly entry: string;
  /** `./lib/x.js` or a bare name -> the replacement's path, or `false` for an empty module. */
  readonly map: ReadonlyMap<string, string | false>;
}

const hostRequire = createRequire(import.meta.url);
const packages = new Map<string, BrowserPackage>();

/** The browser build of the package `name`, as a dependency of @cx/host resolves it. */
export function browserPackage(name: string): BrowserPackage {
  let found = packages.get(name);
  if (found !== undefined) return found;
  const manifestPath = hostRequire.resolve(`${name}/package.json`);
  const root = dirname(manifestPath);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { main?: string; browser?: string | Record<string, string | false> };
  const map = new Map<string, string | false>();
  if (typeof manifest.browser === "object" && manifest.browser !== null) {
    for (const [from, to] of Object.entries(manifest.browser)) map.set(from.startsWith(".") ? normal(from) : from, to === false ? false : join(root, to));
  }
  const main = normal(`./${manifest.main ?? "index.js"}`);
  const entry = typeof manifest.browser === "string" ? join(root, manifest.browser) : (mapped(map, main) || join(root, main));
  found = { root, entry, map };
  packages.set(name, found);
  return found;
}

/** Answers of {@link browserFile}, per package and path: every boot requires the same files again (path.relative is slow). */
const fileAnswers = new Map<BrowserPackage, Map<string, string | false | undefined>>();

/** What the package's browser build loads instead of `path` (a file inside it), or undefined to keep it. */
export function browserFile(pkg: BrowserPackage, path: string): string | false | undefined {
  let answers = fileAnswers.get(pkg);
  if (answers === undefined) {
    answers = new Map();
    fileAnswers.set(pkg, answers);
  }
  if (answers.has(path)) return answers.get(path);
  const inside = relative(pkg.root, path);
  const answer = inside.startsWith("..") ? undefined : mapped(pkg.map, normal(`./${inside.split(sep).join("/")}`));
  answers.set(path, answer);
  return answer;
}

/** Whether `path` is a file of the package. */
export function isInside(pkg: BrowserPackage, path: string): boolean {
  return path.startsWith(pkg.root + sep);
}

function mapped(map: ReadonlyMap<string, string | false>, file: string): string | false | undefined {
  return map.get(file) ?? map.get(file.replace(/\.js$/, ""));
}

function normal(file: string): string {
  return file.replace(/^\.\/\.\//, "./");
}
