import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import vm from "node:vm";
import { transformSync } from "esbuild";
import { leakGuard } from "../node/leak-guard.js";

/**
 * A module's code compiled once per process and run in every realm that
 * loads it: compiling is the expensive half of loading, and a run boots
 * three to five realms, again after every crash.
 */
const compiled = new Map<string, vm.Script>();

const TYPESCRIPT = /\.(?:[cm]?ts|tsx)$/;
const ESM_SYNTAX = /^\s*(?:import\s*[\w{*'"]|export\s)/m;

/** The compiled CommonJS wrapper of the file at `path` (TypeScript and ES modules are turned into CommonJS first). */
export function compiledModule(path: string): vm.Script {
  let script = compiled.get(path);
  if (script === undefined) {
    script = leakGuard.hostWork(() => new vm.Script(`(function (exports, require, module, __filename, __dirname) {${commonJsSource(path)}\n})`, { filename: path }));
    compiled.set(path, script);
  }
  return script;
}

function commonJsSource(path: string): string {
  const text = readFileSync(path, "utf8");
  if (path.endsWith(".json")) return `module.exports = ${text};`;
  const typescript = TYPESCRIPT.test(path);
  if (!typescript && !path.endsWith(".mjs") && !(isModulePackage(path) && !path.endsWith(".cjs")) && !ESM_SYNTAX.test(text)) return text;
  return transformSync(text, { loader: path.endsWith("x") ? "tsx" : typescript ? "ts" : "js", format: "cjs", target: "node20", platform: "node", sourcefile: path }).code;
}

const packageTypes = new Map<string, boolean>();

/** Whether the nearest package.json above `path` says `"type": "module"`. */
function isModulePackage(path: string): boolean {
  let dir = dirname(path);
  for (;;) {
    const known = packageTypes.get(dir);
    if (known !== undefined) return known;
    let found: boolean | undefined;
    try {
      found = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { type?: unknown }).type === "module";
    } catch {
      found = undefined;
    }
    const parent = dirname(dir);
    if (found !== undefined || parent === dir) {
      packageTypes.set(dir, found ?? false);
      return found ?? false;
    }
    dir = parent;
  }
}
