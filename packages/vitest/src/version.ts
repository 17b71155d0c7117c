import { createRequire } from "node:module";

/** This package's version: what a reproduction file it writes records as `cxVersion`. */
export const vitestVersion: string = (createRequire(import.meta.url)("../package.json") as { version: string }).version;
