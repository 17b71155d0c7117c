import { NodeEnvironmentError } from "@cx/sim";

/**
 * A hosted node used something the host does not own: a file, a socket, a
 * process, a thread, or the host process's own clock, timers or
 * randomness. The run stops (this is not a finding about the protocol).
 */
export class HostLeakError extends NodeEnvironmentError {
  constructor(
    /** The API, as `fs.writeFile` or `Date.now (the host process's)`. */
    readonly api: string,
    readonly node: number,
    /** Where the node called it (the realm's stack, first frames). */
    readonly where: string,
  ) {
    super(`s${node} used ${api}, which the cx host does not own: a hosted node must reach time, timers, randomness, the network and the disk only through the host${where === "" ? "" : ` (called at ${where})`}`);
    this.name = "HostLeakError";
  }
}

type Patch = readonly [target: object, property: string];

/**
 * While a hosted node runs, the host process's own clock, timers and
 * randomness throw: a reference captured before the host started (or
 * reached through an object of the host's realm) would otherwise make the
 * run depend on the machine without anyone noticing.
 *
 * The stand-ins are installed once, the first time a node runs, and stay:
 * outside a node's turn they hand every call to the original, so the host
 * process keeps its clock and timers, and a world event costs two flag
 * writes instead of a score of property swaps.
 */
export class LeakGuard {
  private readonly patches: Patch[] = [];
  private readonly stubs: unknown[] = [];
  private installed = false;
  private caught: { readonly api: string; readonly stack: string } | undefined;
  private guarding = false;

  constructor() {
    const g = globalThis as unknown as Record<string, unknown>;
    const add = (target: object | undefined, property: string, api: string) => {
      const original = target === undefined ? undefined : (target as Record<string, unknown>)[property];
      if (target === undefined || typeof original !== "function") return;
      const isGuarding = () => this.guarding;
      const trip = () => this.trip(api);
      // A function, not an arrow: the original is called with the receiver it was called with.
      const stub = function (this: unknown, ...args: unknown[]): unknown {
        return isGuarding() ? trip() : (original as (...a: unknown[]) => unknown).apply(this, args);
      };
      // Keep what hangs off the original (process.hrtime.bigint, setTimeout's promisified form).
      for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(original))) {
        if (key !== "length" && key !== "name" && key !== "prototype") Object.defineProperty(stub, key, descriptor);
      }
      for (const symbol of Object.getOwnPropertySymbols(original)) Object.defineProperty(stub, symbol, Object.getOwnPropertyDescriptor(original, symbol) as PropertyDescriptor);
      this.patches.push([target, property]);
      this.stubs.push(stub);
    };
    add(g, "setTimeout", "setTimeout (the host process's)");
    add(g, "setInterval", "setInterval (the host process's)");
    add(g, "setImmediate", "setImmediate (the host process's)");
    add(g, "queueMicrotask", "queueMicrotask (the host process's)");
    add(Date, "now", "Date.now (the host process's)");
    add(Math, "random", "Math.random (the host process's)");
    add(g["performance"] as object | undefined, "now", "performance.now (the host process's)");
    add(process, "nextTick", "process.nextTick (the host process's)");
    add(process, "hrtime", "process.hrtime (the host process's)");
    add(g["crypto"] as object | undefined, "randomUUID", "crypto.randomUUID (the host process's)");
    add(g["crypto"] as object | undefined, "getRandomValues", "crypto.getRandomValues (the host process's)");
  }

  /** Runs `work` with the host process's sources of nondeterminism switched off; returns the leak it caught, if any. */
  guard<T>(work: () => T): { readonly value: T | undefined; readonly leak: { readonly api: string; readonly stack: string } | undefined; readonly error: unknown } {
    if (!this.installed) this.install();
    this.caught = undefined;
    const outer = this.guarding;
    this.guarding = true;
    let value: T | undefined;
    let error: unknown;
    try {
      value = work();
    } catch (thrown) {
      error = thrown;
    } finally {
      this.guarding = outer;
    }
    return { value, leak: this.caught, error };
  }

  /**
   * Runs the host's own work (compiling a module the node just required)
   * with the host process's functions back in place: that work is the
   * host's, not the node's, and has no effect on the run.
   */
  hostWork<T>(work: () => T): T {
    const outer = this.guarding;
    this.guarding = false;
    try {
      return work();
    } finally {
      this.guarding = outer;
    }
  }

  private install(): void {
    this.installed = true;
    const patches = this.patches;
    for (let i = 0; i < patches.length; i++) {
      const [target, property] = patches[i] as Patch;
      (target as Record<string, unknown>)[property] = this.stubs[i];
    }
  }

  /** The realm's runtime reports a leak it stopped. */
  report(api: string, stack: string): void {
    this.caught ??= { api, stack };
  }

  private trip(api: string): never {
    const stack = new Error(api).stack ?? "";
    this.caught ??= { api, stack };
    throw new Error(`cx host: ${api} is not owned by the host`);
  }
}

/** The one guard of this process: the host's globals are one set, whatever the number of nodes. */
export const leakGuard = new LeakGuard();

/** The first frame of a stack that is the node's code (not the host's runtime). */
export function callSite(stack: string): string {
  for (const line of stack.split("\n").slice(1)) {
    const frame = line.trim();
    if (frame.includes("cx-host-runtime.js") || frame.includes("leak-guard")) continue;
    return frame.replace(/^at /, "");
  }
  return "";
}
