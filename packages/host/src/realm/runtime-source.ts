/**
 * The runtime every hosted node's realm evaluates before its code: timers,
 * clocks, randomness, the process object, the transport, the storage and
 * the client seam, all written in the realm's own JavaScript.
 *
 * Why source text and not functions of this module: a function keeps the
 * realm it was created in, so a promise made by one of ours would queue its
 * continuations on the host process's microtask queue, which never runs
 * while a simulated run is under way. Evaluated inside the realm, every
 * promise, timer object and error belongs to the node.
 *
 * The realm talks to the host through `bridge`, a handful of synchronous
 * functions that take and return strings and numbers only.
 */
export const RUNTIME_SOURCE = String.raw`(function installRuntime(bridge, outer) {
"use strict";
const g = globalThis;
// The builtins the runtime uses, read once before any node code runs (Node's own "primordials"): in a vm
// context every bare global name is looked up through Node's interceptor, a call into C++ on each use (about
// 0.1 µs, several per message), where a local costs nothing; and node code that replaces a builtin (a Promise
// polyfill) cannot change how the runtime behaves.
const { Object, Array, JSON, Number, String, Math, Promise, Map, Set, Proxy, Symbol, BigInt, Uint8Array, Error, TypeError, RangeError } = g;
const OriginalDate = g.Date;
const cx = {};

// ---- leaks: anything the host does not own stops the run ----------------
function leak(api) {
  const error = new Error("cx host: " + api + " is not owned by the host, so a hosted node may not use it (it would make the run depend on the real world)");
  bridge.leak(api, String(error.stack || ""));
  throw error;
}
cx.leak = leak;
function leakingModule(name, keys) {
  const stub = (api) => new Proxy(function () { leak(api); }, {
    apply() { leak(api); },
    construct() { leak("new " + api); },
    get(_u, p) { return typeof p === "symbol" || p === "then" ? undefined : stub(api + "." + String(p)); },
  });
  const target = Object.create(null);
  for (const key of keys || []) if (key !== "default") target[key] = stub(name + "." + key);
  const proxy = new Proxy(target, {
    get(t, property) {
      if (property === "__esModule") return false;
      if (property === "then" || typeof property === "symbol") return undefined;
      if (property === "default") return proxy;
      if (!(property in t)) t[property] = stub(name + "." + String(property));
      return t[property];
    },
  });
  return proxy;
}
cx.leakingModule = leakingModule;

// ---- the wire: values cross the network and the disk as text ------------
// The host's codec (wire-codec.ts), bound to this realm's intrinsics: compiled once per process.
const { encode, decode } = outer.codec({ objectPrototype: Object.prototype, JSON, Map, Set, Date: OriginalDate, Uint8Array });
cx.encode = encode;
cx.decode = decode;

// ---- ordering: microtasks drain after every event ------------------------
const resolved = Promise.resolve();
function queueMicrotask(fn) {
  if (typeof fn !== "function") throw new TypeError("queueMicrotask: callback must be a function");
  resolved.then(fn);
}
function nextTick(fn, ...args) {
  if (typeof fn !== "function") throw new TypeError("process.nextTick: callback must be a function");
  resolved.then(() => fn(...args));
}

// ---- timers: each one is a world event -----------------------------------
const TIMEOUT_MAX = 2147483647;
let nextTimerId = 0;
const timers = new Map();
class Timeout {
  constructor(id, delay, repeat) { this._id = id; this._delay = delay; this._repeat = repeat; this._ref = true; }
  ref() { this._ref = true; return this; }
  unref() { this._ref = false; return this; }
  hasRef() { return this._ref; }
  refresh() { if (timers.has(this._id)) bridge.setTimer(this._id, this._delay, timers.get(this._id).label); return this; }
  close() { clearTimer(this); return this; }
  [Symbol.toPrimitive]() { return this._id; }
}
function delayOf(ms) {
  const n = Number(ms);
  return n >= 1 && n <= TIMEOUT_MAX ? Math.floor(n) : 1;
}
// A label per function name, computed once: a node sets timers by the thousand, from a handful of functions.
const labels = new Map();
function labelOf(fn) {
  const raw = typeof fn === "function" && typeof fn.name === "string" ? fn.name : "";
  let label = labels.get(raw);
  if (label === undefined) {
    const name = raw.replace(/^bound /, "").replace(/[^A-Za-z0-9_$]/g, "");
    label = name === "" ? "timer" : name.slice(0, 40);
    labels.set(raw, label);
  }
  return label;
}
function addTimer(fn, delay, repeat, args) {
  if (typeof fn !== "function") throw new TypeError("The \"callback\" argument must be of type function");
  const id = ++nextTimerId;
  const handle = new Timeout(id, delay, repeat);
  const label = labelOf(fn);
  timers.set(id, { fn, args, handle, label });
  bridge.setTimer(id, delay, label);
  return handle;
}
function clearTimer(t) {
  if (t === undefined || t === null) return;
  const id = typeof t === "object" ? t._id : Number(t);
  const timer = timers.get(id);
  if (timer === undefined) return;
  timers.delete(id);
  bridge.cancelTimer(id, timer.label);
}
cx.fireTimer = function (id) {
  const timer = timers.get(id);
  if (timer === undefined) return;
  if (timer.handle._repeat) bridge.setTimer(id, timer.handle._delay, timer.label);
  else timers.delete(id);
  timer.fn.apply(undefined, timer.args);
};
const timerApi = {
  setTimeout: (fn, ms, ...args) => addTimer(fn, delayOf(ms), false, args),
  setInterval: (fn, ms, ...args) => addTimer(fn, delayOf(ms), true, args),
  setImmediate: (fn, ...args) => addTimer(fn, 0, false, args),
  clearTimeout: clearTimer,
  clearInterval: clearTimer,
  clearImmediate: clearTimer,
};
const timerPromises = {
  setTimeout: (ms, value) => new Promise((resolve) => timerApi.setTimeout(resolve, ms, value)),
  setImmediate: (value) => new Promise((resolve) => timerApi.setImmediate(resolve, value)),
  setInterval: () => leak("timers/promises.setInterval"),
  scheduler: { wait: (ms) => new Promise((resolve) => timerApi.setTimeout(resolve, ms)), yield: () => new Promise((resolve) => timerApi.setImmediate(resolve)) },
};

// ---- clocks: the node's own virtual clock --------------------------------
function VirtualDate(...args) {
  if (!new.target) return new OriginalDate(bridge.now()).toString();
  return args.length === 0 ? new OriginalDate(bridge.now()) : new OriginalDate(...args);
}
VirtualDate.prototype = OriginalDate.prototype;
Object.defineProperty(OriginalDate.prototype, "constructor", { value: VirtualDate, writable: true, configurable: true });
VirtualDate.now = () => bridge.now();
VirtualDate.parse = OriginalDate.parse;
VirtualDate.UTC = OriginalDate.UTC;
const performance = {
  now: () => bridge.now(),
  timeOrigin: 0,
  mark: () => undefined,
  measure: () => undefined,
  toJSON: () => ({ timeOrigin: 0 }),
};
function hrtime(previous) {
  const ms = bridge.now();
  let s = Math.floor(ms / 1000);
  let ns = (ms % 1000) * 1e6;
  if (Array.isArray(previous)) { s -= previous[0]; ns -= previous[1]; if (ns < 0) { s -= 1; ns += 1e9; } }
  return [s, ns];
}
hrtime.bigint = () => BigInt(bridge.now()) * 1000000n;

// ---- randomness: drawn from the choices ----------------------------------
Math.random = () => bridge.random();
function randomBytesInto(view) {
  const bytes = bridge.randomBytes(view.byteLength);
  const target = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < target.length; i++) target[i] = bytes.charCodeAt(i);
  return view;
}
function randomUUID() {
  const b = randomBytesInto(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
}
const webcrypto = { getRandomValues: randomBytesInto, randomUUID, subtle: leakingModule("crypto.subtle") };
const cryptoModule = Object.assign(Object.create(null), {
  randomBytes(size, callback) {
    const buf = randomBytesInto(outer.Buffer.alloc(size));
    if (typeof callback === "function") { queueMicrotask(() => callback(null, buf)); return undefined; }
    return buf;
  },
  randomFillSync: randomBytesInto,
  randomFill(view, callback) { randomBytesInto(view); queueMicrotask(() => callback(null, view)); },
  randomUUID,
  getRandomValues: randomBytesInto,
  randomInt(min, max, callback) {
    if (max === undefined || typeof max === "function") { callback = max; max = min; min = 0; }
    const span = max - min;
    const value = min + Math.floor(bridge.random() * span);
    if (typeof callback === "function") { queueMicrotask(() => callback(null, value)); return undefined; }
    return value;
  },
  webcrypto,
  createHash: (...a) => outer.crypto.createHash(...a),
  createHmac: (...a) => outer.crypto.createHmac(...a),
  timingSafeEqual: (...a) => outer.crypto.timingSafeEqual(...a),
  getHashes: () => outer.crypto.getHashes(),
});
const cryptoProxy = new Proxy(cryptoModule, {
  get(target, property) {
    if (property in target || typeof property === "symbol") return target[property];
    return function () { leak("crypto." + String(property)); };
  },
});

// ---- the process object ----------------------------------------------------
const processEvents = new Map();
const processObject = {
  nextTick,
  hrtime,
  env: Object.create(null),
  argv: ["node", "cx-hosted-node"],
  execArgv: [],
  platform: "linux",
  arch: "x64",
  pid: 1,
  ppid: 0,
  version: outer.version,
  versions: outer.versions,
  release: { name: "node" },
  browser: false,
  title: "cx-hosted-node",
  exitCode: undefined,
  cwd: () => "/",
  uptime: () => bridge.now() / 1000,
  memoryUsage: () => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }),
  cpuUsage: () => ({ user: 0, system: 0 }),
  emitWarning: () => undefined,
  exit: (code) => leak("process.exit(" + String(code) + ")"),
  abort: () => leak("process.abort"),
  kill: () => leak("process.kill"),
  on(event, fn) { const l = processEvents.get(event) || []; l.push(fn); processEvents.set(event, l); return processObject; },
  addListener(event, fn) { return processObject.on(event, fn); },
  once(event, fn) { return processObject.on(event, fn); },
  off(event, fn) { processEvents.set(event, (processEvents.get(event) || []).filter((f) => f !== fn)); return processObject; },
  removeListener(event, fn) { return processObject.off(event, fn); },
  removeAllListeners(event) { if (event === undefined) processEvents.clear(); else processEvents.delete(event); return processObject; },
  listeners: (event) => (processEvents.get(event) || []).slice(),
  listenerCount: (event) => (processEvents.get(event) || []).length,
  emit(event, ...args) { const l = processEvents.get(event) || []; for (const f of l) f(...args); return l.length > 0; },
  stdout: { write: (s) => { bridge.log("stdout", String(s)); return true; }, isTTY: false },
  stderr: { write: (s) => { bridge.log("stderr", String(s)); return true; }, isTTY: false },
  stdin: leakingModule("process.stdin"),
};
const consoleObject = {};
for (const level of ["log", "info", "warn", "error", "debug", "trace", "dir", "table"]) {
  consoleObject[level] = (...args) => bridge.log(level, args.map((a) => (typeof a === "string" ? a : outer.inspect(a))).join(" "));
}
consoleObject.assert = (condition, ...args) => { if (!condition) consoleObject.error("Assertion failed", ...args); };
consoleObject.time = consoleObject.timeEnd = consoleObject.timeLog = consoleObject.group = consoleObject.groupEnd = consoleObject.count = () => undefined;

// ---- globals -----------------------------------------------------------------
// Returned for the host to copy onto the context's sandbox object, where the realm's global lookups find them:
// set from in here, each would go through Node's interceptor (about 4 µs apiece, 0.15 ms per boot).
cx.globals = Object.assign({}, timerApi, {
  global: g,
  Date: VirtualDate,
  performance,
  process: processObject,
  console: consoleObject,
  queueMicrotask,
  crypto: webcrypto,
  Buffer: outer.Buffer,
  TextEncoder: outer.TextEncoder,
  TextDecoder: outer.TextDecoder,
  URL: outer.URL,
  URLSearchParams: outer.URLSearchParams,
  AbortController: outer.AbortController,
  AbortSignal: outer.AbortSignal,
  EventTarget: outer.EventTarget,
  Event: outer.Event,
  atob: outer.atob,
  btoa: outer.btoa,
  structuredClone: (value) => decode(encode(value)),
  fetch: () => leak("fetch"),
  WebSocket: leakingModule("WebSocket"),
  XMLHttpRequest: leakingModule("XMLHttpRequest"),
  SharedArrayBuffer: undefined,
  Atomics: undefined,
});

// ---- the node's seams: transport, storage, clients, observations ------------
let messageHandler = null;
let requestHandler = null;
const pendingIo = new Map();
let nextIoId = 0;
function io(kind, result) {
  const id = ++nextIoId;
  return new Promise((resolve, reject) => {
    pendingIo.set(id, { resolve, reject, result });
    bridge.io(id, kind);
  });
}
cx.completeIo = function (id) {
  const op = pendingIo.get(id);
  if (op === undefined) return;
  pendingIo.delete(id);
  op.resolve(op.result);
};
function checkKey(key) {
  if (typeof key !== "string") throw new TypeError("cx storage: keys are strings, got " + typeof key);
  return key;
}
const storage = {
  get(key) { const text = bridge.storageGet(checkKey(key)); return Promise.resolve(text === undefined ? undefined : decode(text)); },
  getSync(key) { const text = bridge.storageGet(checkKey(key)); return text === undefined ? undefined : decode(text); },
  put(key, value) { bridge.storagePut(checkKey(key), encode(value)); return io("write"); },
  delete(key) { bridge.storagePut(checkKey(key), undefined); return io("write"); },
  batch(ops) {
    for (const op of ops) {
      if (op.type === "del" || op.type === "delete") bridge.storagePut(checkKey(op.key), undefined);
      else bridge.storagePut(checkKey(op.key), encode(op.value));
    }
    return io("write");
  },
  // The host embeds each record's wire text as it is stored: one parse for the whole range.
  entries(range) { return Promise.resolve(decode(bridge.storageRange(range === undefined ? "{}" : JSON.stringify(range)))); },
  entriesSync(range) { return decode(bridge.storageRange(range === undefined ? "{}" : JSON.stringify(range))); },
  sync() { bridge.storageSync(nextIoId + 1); return io("sync"); },
};
const env = Object.freeze({
  id: bridge.id,
  peers: Object.freeze(JSON.parse(bridge.peers)),
  clusterSize: bridge.clusterSize,
  config: bridge.config === undefined ? undefined : decode(bridge.config),
  transport: Object.freeze({
    send(to, message) {
      if (!Number.isInteger(to) || to < 0 || to >= bridge.clusterSize) throw new RangeError("cx transport: no node " + String(to));
      bridge.send(to, encode(message));
    },
    onMessage(handler) { messageHandler = handler; },
  }),
  storage: Object.freeze(storage),
  onClientRequest(handler) { requestHandler = handler; },
  emit(observation) { bridge.emit(encode(observation)); },
  log: (...args) => consoleObject.log(...args),
});
cx.env = env;
cx.deliver = function (from, text) {
  if (messageHandler !== null) messageHandler(from, decode(text));
};
cx.request = function (token, client, seq, inputText) {
  if (requestHandler === null) return;
  const answer = (response) => {
    if (response === undefined || response === null) return;
    bridge.reply(token, encode(response));
  };
  let result;
  try {
    result = requestHandler(decode(inputText), { client, seq });
  } catch (error) {
    bridge.log("error", "client request handler threw: " + String(error && error.stack || error));
    return;
  }
  if (result !== null && typeof result === "object" && typeof result.then === "function") {
    result.then(answer, (error) => bridge.log("error", "client request handler rejected: " + String(error && error.stack || error)));
  } else answer(result);
};
cx.call = function (fn, args) { return fn.apply(undefined, args); };
cx.whenSettled = function (value, done) { Promise.resolve(value).then((v) => done(v, undefined), (e) => done(undefined, e)); };
// Built-in modules are made on first require: most nodes need few of them, and a boot pays for every object it makes.
const moduleMakers = {
  timers: () => Object.assign({ promises: timerPromises }, timerApi),
  "timers/promises": () => timerPromises,
  crypto: () => cryptoProxy,
  process: () => processObject,
  perf_hooks: () => ({ performance }),
  tty: () => ({ isatty: () => false }),
  os: () => ({ EOL: "\n", hostname: () => "s" + String(bridge.id), platform: () => "linux", type: () => "Linux", arch: () => "x64", release: () => "0", tmpdir: () => "/tmp", homedir: () => "/", cpus: () => [], totalmem: () => 0, freemem: () => 0, loadavg: () => [0, 0, 0], uptime: () => bridge.now() / 1000, networkInterfaces: () => ({}), endianness: () => "LE" }),
  util: () => Object.assign(Object.create(null), outer.util, {
    promisify(fn) {
      if (typeof fn !== "function") throw new TypeError("promisify: not a function");
      if (typeof fn[outer.util.promisify.custom] === "function") return fn[outer.util.promisify.custom];
      return function (...args) {
        return new Promise((resolve, reject) => fn.call(this, ...args, (error, value) => (error ? reject(error) : resolve(value))));
      };
    },
    deprecate(fn, message) {
      let warned = false;
      return function (...args) {
        if (!warned) { warned = true; consoleObject.warn("DeprecationWarning: " + String(message)); }
        return fn.apply(this, args);
      };
    },
    callbackify(fn) {
      return function (...args) {
        const callback = args.pop();
        fn.apply(this, args).then((value) => callback(null, value), (error) => callback(error));
      };
    },
  }),
};
// The host keeps what it gets, one per realm, as Node's require does.
cx.module = function (key) { return moduleMakers[key](); };
cx.streamModule = function (rs, EventEmitter) {
  // Node's legacy Stream: an EventEmitter whose pipe moves 'data' to a destination.
  function Stream(options) { EventEmitter.call(this, options); }
  Object.setPrototypeOf(Stream.prototype, EventEmitter.prototype);
  Object.setPrototypeOf(Stream, EventEmitter);
  Stream.prototype.pipe = function (dest, options) {
    const source = this;
    source.on("data", (chunk) => { if (dest.writable && dest.write(chunk) === false && source.pause) source.pause(); });
    dest.on("drain", () => { if (source.readable && source.resume) source.resume(); });
    if (!options || options.end !== false) source.on("end", () => dest.end());
    dest.emit("pipe", source);
    return dest;
  };
  return Object.assign(Stream, {
    Stream,
    Readable: rs.Readable || rs,
    Writable: rs.Writable,
    Duplex: rs.Duplex,
    Transform: rs.Transform,
    PassThrough: rs.PassThrough,
    finished: rs.finished,
    pipeline: rs.pipeline,
  });
};
cx.newModule = function (filename) { return { exports: {}, filename, id: filename, loaded: false, children: [], paths: [] }; };
return cx;
})`;
