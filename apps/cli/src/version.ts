import { createRequire } from "node:module";

/** cx's version, recorded in every reproduction file. */
export const cxVersion: string = (createRequire(import.meta.url)("../package.json") as { version: string }).version;
