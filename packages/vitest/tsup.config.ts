import { libraryBuild } from "../../tsup.shared.js";

// The trace worker is its own entry: the contract kit starts dist/trace-worker.js
// (or .cjs) beside the built index; shims give the CJS build an import.meta.url to find it.
export default { ...libraryBuild({ index: "src/index.ts", "trace-worker": "src/contract/trace-worker.ts" }), shims: true };
