import { createRequire, isBuiltin } from "node:module";
import { dirname } from "node:path";
import vm from "node:vm";
import * as nodeCrypto from "node:crypto";
import * as nodeUtil from "node:util";
import { leakGuard } from "../node/leak-guard.js";
import { browserFile, browserPackage, isInside } from "./browser-package.js";
import { builtinAnswer } from "./builtin-modules.js";
import { compiledModule } from "./module-source.js";
import type { RealmBridge, RealmModule, RealmRuntime } from "./realm-bridge.js";
import { RUNTIME_SOURCE } from "./runtime-source.js";
import { wireCodec } from "./wire-codec.js";

const runtimeScript = new vm.Script(RUNTIME_SOURCE, { filename: "cx-host-runtime.js" });
const dispatchScript = new vm.Script("__cx_dispatch()", { filename: "cx-host-dispatch.js" });
/**
 * Declares the dispatcher as a lexical binding of the realm's script scope, which a global name finds before
 * the global object: a property of the sandbox would cost a call through Node's interceptor at every event.
 */
const dispatcherScript = new vm.Script("let __cx_dispatch; (dispatch) => { __cx_dispatch = dispatch; }", { filename: "cx-host-dispatch.js" });
const promisePrototypeScript = new vm.Script("Promise.prototype", { filename: "cx-host-promise.js" });
const hostRequire = createRequire(import.meta.url);

/** The `Promise.prototype` of every realm the host made, to tell their rejections from the host process's own. */
const hostedPromises = new WeakSet<object>();
let rejectionsWatched = false;

/**
 * A promise of a hosted realm rejected with no handler: V8 reports it to the
 * host process, later, outside any run. It is dropped here, so it neither
 * crashes the process nor changes a run (it cannot: the run is over). Any
 * other process's rejection keeps Node's default (thrown) unless someone
 * else listens.
 */
function watchRejections(): void {
  if (rejectionsWatched) return;
  rejectionsWatched = true;
  // Adding a process listener is the host's own work (Node's IPC channel reacts to it on the next tick).
  leakGuard.hostWork(() =>
    process.on("unhandledRejection", (reason, promise) => {
      if (hostedPromises.has(Object.getPrototypeOf(promise) as object)) return;
      if (process.listenerCount("unhandledRejection") === 1) throw reason;
    }),
  );
}

/** What the runtime may borrow from the host's realm: synchronous, deterministic pieces only. */
const outerPieces = Object.freeze({
  Buffer,
  TextEncoder,
  TextDecoder,
  URL,
  URLSearchParams,
  AbortController,
  AbortSignal,
  EventTarget,
  Event,
  atob,
  btoa,
  version: process.version,
  versions: { ...process.versions },
  inspect: nodeUtil.inspect,
  util: nodeUtil,
  crypto: nodeCrypto,
  codec: wireCodec,
});

/**
 * One hosted node's JavaScript world: a V8 context of its own (its own
 * globals, its own `Promise`, its own module instances) whose microtask
 * queue drains at the end of every call into it. That is what makes async
 * code run deterministically under a synchronous simulator: each world
 * event is one call, and every continuation it causes runs before the call
 * returns.
 */
export class HostedRealm {
  private readonly context: vm.Context;
  readonly runtime: RealmRuntime;
  private readonly modules = new Map<string, RealmModule>();
  /** Built-in modules by name, made once per realm as Node does (`require("stream") === require("stream")`). */
  private readonly builtins = new Map<string, unknown>();
  private pending: (() => unknown) | undefined;
  private result: unknown;

  /**
   * @param substitutes - bare module names the plug-in replaces, with the file that stands in for each
   *   (a native module's pure-JavaScript stand-in, say); they apply to every require in the realm.
   */
  constructor(
    bridge: RealmBridge,
    private readonly substitutes: ReadonlyMap<string, string> = new Map(),
  ) {
    watchRejections();
    const sandbox: Record<string, unknown> = {};
    this.context = vm.createContext(sandbox, { name: `cx hosted node s${bridge.id}`, microtaskMode: "afterEvaluate" });
    (dispatcherScript.runInContext(this.context) as (dispatch: () => void) => void)(() => {
      const work = this.pending;
      this.pending = undefined;
      this.result = work === undefined ? undefined : work();
    });
    hostedPromises.add(promisePrototypeScript.runInContext(this.context) as object);
    const install = runtimeScript.runInContext(this.context) as (bridge: RealmBridge, outer: typeof outerPieces) => RealmRuntime;
    this.runtime = install(bridge, outerPieces);
    // Onto the sandbox directly: what the realm's global lookups read first, without a trip through the interceptor per property.
    Object.assign(sandbox, this.runtime.globals);
  }

  /**
   * Runs `work` inside the realm and drains every promise continuation it
   * caused before returning (the realm's microtask queue runs when the
   * evaluation ends).
   */
  enter<T>(work: () => T): T {
    this.pending = work;
    dispatchScript.runInContext(this.context);
    const result = this.result as T;
    this.result = undefined;
    return result;
  }

  /**
   * Runs only what the realm's microtask queue still holds (continuations
   * left by an evaluation that threw), stopped after `timeoutMs`; whatever
   * it throws is dropped: the realm is being let go.
   */
  drain(timeoutMs: number): void {
    this.pending = undefined;
    try {
      dispatchScript.runInContext(this.context, { timeout: timeoutMs });
    } catch {
      // A realm nobody will enter again: its errors are nobody's.
    }
  }

  /** Loads the module at `path` (and what it requires) into this realm; call inside {@link enter}. */
  requireFile(path: string): unknown {
    const cached = this.modules.get(path);
    if (cached !== undefined) return cached.exports;
    const module = this.runtime.newModule(path);
    this.modules.set(path, module);
    const wrapper = compiledModule(path).runInContext(this.context) as (...args: unknown[]) => void;
    const require = this.requireFrom(path);
    wrapper.call(module.exports, module.exports, require, module, path, dirname(path));
    module.loaded = true;
    return module.exports;
  }

  private requireFrom(parent: string): (request: string) => unknown {
    const owner = browserPackages.find((pkg) => isInside(pkg, parent));
    const resolutions = resolutionsFrom(dirname(parent));
    const require = (request: string): unknown => {
      if (typeof request !== "string") throw new TypeError(`require: expected a module name, got ${typeof request}`);
      const substitute = this.substitutes.get(request);
      if (substitute !== undefined) return this.requireFile(substitute);
      if (owner !== undefined && owner.map.has(request)) {
        const replaced = owner.map.get(request);
        return replaced === false || replaced === undefined ? this.runtime.newModule(request).exports : this.requireFile(replaced);
      }
      const name = request.startsWith("node:") ? request.slice(5) : request;
      if (request.startsWith("node:") || isBuiltin(name)) return this.builtin(name);
      const path = resolutions.get(request) ?? resolveRequest(request, parent);
      const replaced = owner === undefined ? undefined : browserFile(owner, path);
      return replaced === false ? this.runtime.newModule(path).exports : this.requireFile(replaced ?? path);
    };
    require.resolve = (request: string) => resolveRequest(request, parent);
    require.cache = {};
    return require;
  }

  private builtin(name: string): unknown {
    let module = this.builtins.get(name);
    if (module === undefined) {
      module = this.loadBuiltin(name);
      this.builtins.set(name, module);
    }
    return module;
  }

  private loadBuiltin(name: string): unknown {
    const answer = builtinAnswer(name);
    switch (answer.kind) {
      case "virtual":
        return this.runtime.module(answer.key);
      case "node":
        return hostRequire(`node:${name}`);
      case "package": {
        const exports = this.requireFile(browserPackage(answer.name).entry);
        if (answer.shape !== "stream") return exports;
        const events = this.requireFile(browserPackage("events").entry);
        return this.runtime.streamModule(exports, events);
      }
      case "leak":
        return this.runtime.leakingModule(name, builtinKeys(name));
    }
  }
}

const keysOfBuiltins = new Map<string, readonly string[]>();

/** The names a built-in module exports, so that a leaking stand-in has them all (`import * as fs` copies them). */
function builtinKeys(name: string): readonly string[] {
  let keys = keysOfBuiltins.get(name);
  if (keys === undefined) {
    try {
      keys = Object.keys(hostRequire(`node:${name}`) as object);
    } catch {
      keys = [];
    }
    keysOfBuiltins.set(name, keys);
  }
  return keys;
}

/** The npm packages loaded in place of built-ins, whose own files load in their browser build. */
const browserPackages = [browserPackage("events"), browserPackage("readable-stream")];

/**
 * Resolutions, by folder then request: a run boots several realms, each requiring the same modules from the
 * same places. A map per folder, looked up with the request string as the code wrote it (building a key per
 * require cost about 0.25 ms per boot of skiff's hundred modules).
 */
const resolved = new Map<string, Map<string, string>>();
const resolvers = new Map<string, NodeJS.Require>();

function resolutionsFrom(dir: string): Map<string, string> {
  let resolutions = resolved.get(dir);
  if (resolutions === undefined) {
    resolutions = new Map();
    resolved.set(dir, resolutions);
  }
  return resolutions;
}

function resolveRequest(request: string, parent: string): string {
  const dir = dirname(parent);
  const resolutions = resolutionsFrom(dir);
  let path = resolutions.get(request);
  if (path !== undefined) return path;
  let resolver = resolvers.get(dir);
  if (resolver === undefined) {
    resolver = createRequire(parent);
    resolvers.set(dir, resolver);
  }
  const require = resolver;
  try {
    path = leakGuard.hostWork(() => resolveWithTypeScript(require, request));
  } catch (error) {
    // MODULE_NOT_FOUND, as Node says it: libraries probe optional dependencies this way.
    throw Object.assign(new Error(`cx host: cannot resolve "${request}" from ${parent}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`, { cause: error }), { code: "MODULE_NOT_FOUND" });
  }
  resolutions.set(request, path);
  return path;
}

/** Node's resolution, plus TypeScript's convention: `./x.js` in a TypeScript source names `./x.ts`. */
function resolveWithTypeScript(require: NodeJS.Require, request: string): string {
  try {
    return require.resolve(request);
  } catch (error) {
    if (!request.startsWith(".")) throw error;
    const candidates = /\.[cm]?js$/.test(request) ? [request.replace(/js$/, "ts"), request.replace(/\.[cm]?js$/, ".tsx")] : [`${request}.ts`, `${request}/index.ts`];
    for (const candidate of candidates) {
      try {
        return require.resolve(candidate);
      } catch {
        // try the next spelling
      }
    }
    throw error;
  }
}
