import { libraryBuild } from "../../tsup.shared.js";

// import.meta.url locates modules at run time: the CommonJS build needs the shim.
export default { ...libraryBuild(), shims: true };
