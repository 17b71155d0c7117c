import { defineConfig } from "tsup";

/** Every library builds the same way: ESM + CJS + declarations from src/index.ts. */
export function libraryBuild(entry: Record<string, string> = { index: "src/index.ts" }) {
  return defineConfig({
    entry,
    format: ["esm", "cjs"],
    dts: true,
    sourcemap: true,
    clean: true,
    target: "node20",
  });
}
