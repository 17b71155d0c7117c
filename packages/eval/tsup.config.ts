import { libraryBuild } from "../../tsup.shared.js";

// The worker is its own entry: the pool loads dist/worker.js (or .cjs) beside
// the built index; shims give the CJS build an import.meta.url to find it.
export default { ...libraryBuild({ index: "src/index.ts", worker: "src/worker.ts", queue: "src/queue/index.ts" }), shims: true };
