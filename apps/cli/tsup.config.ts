import { defineConfig } from "tsup";

export default defineConfig({
  entry: { main: "src/main.ts" },
  format: ["esm"],
  clean: true,
  sourcemap: true,
  target: "node20",
  // The report renderer is an app, not a published library: it ships inside the cx command.
  noExternal: ["@cx/report"],
  banner: { js: "#!/usr/bin/env node" },
});
