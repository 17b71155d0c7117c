import { basename, resolve } from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Shared vitest configuration: tests run against sources (the `@cx/source`
 * export condition), and when CX_TEST_REPORT_DIR is set (CI) each package
 * also writes a JSON report there so `.ci/run` can print real totals.
 */
export function vitestConfig(packageDir: string) {
  const reportDir = process.env["CX_TEST_REPORT_DIR"];
  const name = basename(packageDir);
  return defineConfig({
    ssr: { resolve: { conditions: ["@cx/source"] } },
    resolve: { conditions: ["@cx/source"] },
    test: {
      include: ["src/**/*.test.ts", "test/**/*.test.ts"],
      testTimeout: 120_000,
      // Hooks warm up module graphs and run hunts; on a loaded 2-core machine 10 s is not enough.
      hookTimeout: 120_000,
      ...(reportDir
        ? {
            reporters: ["default", "json"],
            outputFile: { json: resolve(reportDir, `${name}.json`) },
          }
        : {}),
    },
  });
}
