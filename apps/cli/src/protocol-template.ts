import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** What a rendered template says in place of each `__KEY__`. */
export interface TemplateValues {
  /** The protocol's short name, as the plug-in and `--bugs` listings show it: `demo`. */
  readonly NAME: string;
  /** The npm package name: `@cx/demo`. */
  readonly PACKAGE: string;
  /** The package's folder relative to the workspace root: `packages/demo`. */
  readonly DIR: string;
  /** The workspace root relative to the package's folder: `../..`. */
  readonly ROOT: string;
}

/** The suffix of a template file: its name without it is the file it writes. */
const SUFFIX = ".tmpl";
const PLACEHOLDER = /__([A-Z]+)__/g;

/**
 * The folder holding the template of a kind of package, found beside the
 * CLI's package.json: `<cli>/templates/<kind>` whether cx runs from its
 * sources (`src/...`) or its build (`dist/main.js`). The templates ship in
 * the CLI's package (its `files`).
 */
export function templateFolder(kind: string, moduleUrl: string = import.meta.url): string {
  for (let dir = dirname(fileURLToPath(moduleUrl)); ; dir = dirname(dir)) {
    const candidate = join(dir, "templates", kind);
    if (existsSync(join(dir, "package.json")) && existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`cx's ${kind} template is missing: no templates/${kind} beside the CLI's package.json above ${fileURLToPath(moduleUrl)}`);
  }
}

/** Every file of a template folder, relative to it with forward slashes, sorted. */
function templateFiles(folder: string, prefix = ""): string[] {
  return readdirSync(join(folder, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      return entry.isDirectory() ? templateFiles(folder, path) : entry.name.endsWith(SUFFIX) ? [path] : [];
    })
    .sort();
}

/**
 * The files a template writes: each `*.tmpl` file of `folder` under its name
 * without the suffix, with every `__KEY__` replaced by `values[KEY]`.
 *
 * Gotcha: a placeholder with no value is a bug in the template (an
 * assertion, not a user error): it would otherwise ship as text.
 *
 * @example
 * ```ts
 * renderTemplate(templateFolder("protocol"), { NAME: "demo", PACKAGE: "@cx/demo", DIR: "packages/demo", ROOT: "../.." })["src/plugin.ts"];
 * ```
 */
export function renderTemplate(folder: string, values: TemplateValues): Record<string, string> {
  const known = values as unknown as Record<string, string>;
  const files: Record<string, string> = {};
  for (const path of templateFiles(folder)) {
    const text = readFileSync(join(folder, path), "utf8").replace(PLACEHOLDER, (whole, key: string) => {
      const value = known[key];
      if (value === undefined) throw new Error(`template ${path} has the placeholder ${whole}, which has no value`);
      return value;
    });
    files[path.slice(0, -SUFFIX.length)] = text;
  }
  return files;
}
