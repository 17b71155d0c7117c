import { defineConfig } from "tsup";

export default defineConfig({
  // The hunt worker is its own file beside main.js: `cx hunt --workers` starts threads on it.
  entry: { main: "src/main.ts", "hunt-worker": "src/parallel/hunt-worker.ts" },
  format: ["esm"],
  clean: true,
  sourcemap: true,
  target: "node20",
  // The report renderer is an app, not a published library: it ships inside the cx command.
  noExternal: ["@cx/report"],
  banner: { js: "#!/usr/bin/env node" },
});
