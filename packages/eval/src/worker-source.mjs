// The worker entry used while running from TypeScript sources (tests, the
// CLI under tsx): a worker thread does not inherit tsx's loader, so it
// registers it before importing the real worker module. The @cx/source
// export condition comes from the pool's execArgv.
import { register } from "tsx/esm/api";

register();
const worker = await import("./worker.ts");

export const runEvalTask = worker.runEvalTask;
