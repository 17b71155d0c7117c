import { defineConfig } from "tsup";

// ESM only: the lookup resolves module URLs with import.meta.resolve, which a CommonJS build has not.
export default defineConfig({
  entry: { index: "src/index.ts" },
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
});
