// The worker entry used while running from TypeScript sources (this
// package's own tests, a workspace under the @cx/source condition): a worker
// thread does not inherit the test runner's loader, so it registers tsx's
// before importing the real worker module. The @cx/source export condition
// comes from the worker's execArgv.
import { register } from "tsx/esm/api";

register();
await import("./trace-worker.ts");
