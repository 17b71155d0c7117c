import { createRequire } from "node:module";

/** The version of @cx/eval, which the experiment records as the cx version unless told another. */
export const evalVersion: string = (createRequire(import.meta.url)("../package.json") as { version: string }).version;
