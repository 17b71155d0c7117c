import { libraryBuild } from "../../tsup.shared.js";

export default libraryBuild({ index: "src/index.ts", lease: "src/lease.ts" });
