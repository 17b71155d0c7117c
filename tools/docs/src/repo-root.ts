import { join } from "node:path";

/** The repository's root folder, from this file's place in tools/docs/src. */
export const repoRoot = join(import.meta.dirname, "..", "..", "..");
