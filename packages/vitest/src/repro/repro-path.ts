import { isAbsolute, join, resolve } from "node:path";

const NAME_MAX = 80;

/**
 * A test's name as a file name: lower case, every run of characters other
 * than letters and digits becomes one `-`, at most 80 characters.
 *
 * @example
 * ```ts
 * sanitiseTestName("Raft > survives 200 schedules (seed 1)"); // "raft-survives-200-schedules-seed-1"
 * ```
 */
export function sanitiseTestName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, NAME_MAX)
    .replace(/^-+|-+$/g, "");
  return slug === "" ? "schedule" : slug;
}

/**
 * Where a test's reproduction goes: `<saveTo>/<sanitised name>.repro.json`,
 * `saveTo` relative to the test file's folder unless absolute.
 *
 * Gotchas: two tests whose names sanitise alike in one folder share a file;
 * give them different names or different `saveTo` folders.
 */
export function reproPathFor(spec: { readonly testDir: string; readonly saveTo: string; readonly testName: string }): string {
  const dir = isAbsolute(spec.saveTo) ? spec.saveTo : resolve(spec.testDir, spec.saveTo);
  return join(dir, `${sanitiseTestName(spec.testName)}.repro.json`);
}
