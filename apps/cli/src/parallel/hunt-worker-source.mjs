// The hunt worker's entry while the CLI runs from TypeScript sources (tests,
// tsx): a worker thread does not inherit tsx's loader, so it registers it
// before importing the real worker module.
import { register } from "tsx/esm/api";

register();
await import("./hunt-worker.ts");
