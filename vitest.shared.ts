import { basename, resolve } from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const TESTS = ["src/**/*.test.ts", "test/**/*.test.ts"];
/** Files of the integration tier: real servers, real browsers, processes killed on purpose. */
const INTEGRATION = ["src/**/*.integration.test.ts", "test/**/*.integration.test.ts"];

/** Which tier a run is: `npm test` runs the fast one, `pnpm test:integration` (CI too) the rest. */
const integrationTier = process.env["CX_TEST_TIER"] === "integration";

/**
 * Shared vitest configuration: tests run against sources (the `@cx/source`
 * export condition), and when CX_TEST_REPORT_DIR is set (CI) each package
 * also writes a JSON report there so `.ci/run` can print real totals.
 *
 * Two tiers: `*.integration.test.ts` files (a real Redis, a real Chromium,
 * processes killed mid-job, a nested test runner) run only when
 * CX_TEST_TIER=integration (`pnpm test:integration`, which CI runs after
 * `npm test`); every other test file runs in `npm test`.
 *
 * Test files share their worker's module graph (`isolate: false`): importing
 * and evaluating the sources once per worker instead of once per file is most
 * of what keeps the suite fast. Files that replace modules (`vi.mock`) need a
 * module graph of their own: list them in `isolatedFiles` and they run in an
 * isolated project beside the shared one.
 *
 * Each package runs its files on one worker (vitest's default on 2 cores),
 * since turbo runs the packages side by side; a package whose files alone
 * would outlast the rest asks for `maxWorkers: 2`.
 */
export function vitestConfig(packageDir: string, options: { readonly isolatedFiles?: readonly string[]; readonly maxWorkers?: number } = {}) {
  const reportDir = process.env["CX_TEST_REPORT_DIR"];
  const name = basename(packageDir);
  const isolatedFiles = [...(options.isolatedFiles ?? [])].filter((f) => f.endsWith(".integration.test.ts") === integrationTier);
  const include = integrationTier ? INTEGRATION : TESTS;
  const exclude = [...configDefaults.exclude, ...(integrationTier ? [] : INTEGRATION)];
  return defineConfig({
    ssr: { resolve: { conditions: ["@cx/source"] } },
    resolve: { conditions: ["@cx/source"] },
    test: {
      // With projects, each project says what it includes (extends: true would add to a list given here).
      ...(isolatedFiles.length > 0 ? {} : { include, exclude }),
      passWithNoTests: integrationTier,
      isolate: false,
      ...(options.maxWorkers === undefined ? {} : { maxWorkers: options.maxWorkers }),
      testTimeout: 120_000,
      // Hooks warm up module graphs and run hunts; on a loaded 2-core machine 10 s is not enough.
      hookTimeout: 120_000,
      ...(isolatedFiles.length > 0
        ? {
            projects: [
              { extends: true, test: { name: `${name}`, include, exclude: [...exclude, ...isolatedFiles], isolate: false } },
              { extends: true, test: { name: `${name} (isolated)`, include: isolatedFiles, isolate: true } },
            ],
          }
        : {}),
      ...(reportDir
        ? {
            reporters: ["default", "json"],
            outputFile: { json: resolve(reportDir, integrationTier ? `${name}.integration.json` : `${name}.json`) },
          }
        : {}),
    },
  });
}
