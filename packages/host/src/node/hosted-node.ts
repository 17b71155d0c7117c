import type { ClientRequest, NodeContext, NodeId, ProtocolNode } from "@cx/sim";
import { HostedRealm } from "../realm/hosted-realm.js";
import type { RealmBridge } from "../realm/realm-bridge.js";
import { type HostedDisk, HostedStore, type KeyRange } from "./hosted-disk.js";
import { callSite, HostLeakError, leakGuard as guard } from "./leak-guard.js";
import type { HostedNodeHandle, HostedReplicaView } from "./node-env.js";

/** Levels of `Math.random`: a draw of `r` gives `r / RANDOM_LEVELS`, shifted per node (see {@link HostedNode}). */
export const RANDOM_LEVELS = 65_536;
/** Levels of an I/O completion's delay, in simulated ms (0: it completes after what is already due now). */
export const IO_DELAY_LEVELS = 4;

/** What a hosted node needs besides its world context. */
export interface HostedNodeSpec {
  /** The module each node loads in its own realm; it exports `start(env)`. */
  readonly module: string;
  /** The node's configuration as wire text (plain data, validated by the plug-in). */
  readonly config: string | undefined;
  /** Keep what the node logs (tests, debugging); discarded otherwise. */
  readonly onLog?: (node: number, level: string, text: string) => void;
  /** Bare module names replaced in every require of the realm, with the file that stands in for each. */
  readonly substitutes?: ReadonlyMap<string, string>;
}

/**
 * One boot of a hosted node: a fresh realm with the node's modules loaded
 * anew, driven by the world's events. A crash throws the object away (its
 * realm, timers and pending promises with it); the world starts a new one,
 * which finds on its disk what was synced.
 *
 * Randomness is shifted per node: a draw of 0 gives node `i` the value
 * `i / (2 n)`, so identical code on identical nodes does not act in
 * lockstep under the calm schedule (three election timers firing at the
 * same instant would split the vote forever).
 */
export class HostedNode implements ProtocolNode<string, unknown> {
  private readonly realm: HostedRealm;
  private readonly store: HostedStore;
  private readonly requests = new Map<number, ClientRequest<unknown>>();
  private nextRequest = 0;
  private handle: HostedNodeHandle | undefined;
  private readonly randomShift: number;
  /** An error the node's code raised outside any event handler (its asynchronous start failed). */
  private failure: { readonly error: unknown } | undefined;
  private readonly bridge: RealmBridge;
  private abandoned = false;

  constructor(
    private readonly ctx: NodeContext<string, unknown, HostedDisk>,
    spec: HostedNodeSpec,
  ) {
    const id = ctx.id;
    this.randomShift = Math.floor((id * RANDOM_LEVELS) / (2 * ctx.clusterSize));
    this.store = new HostedStore(ctx.restore(), (pending) => ctx.draw(pending + 1, "writes kept at crash"), (disk) => ctx.persist(disk));
    const store = this.store;
    const onLog = spec.onLog;
    const bridge: RealmBridge = {
      id,
      peers: JSON.stringify(ctx.peers),
      clusterSize: ctx.clusterSize,
      config: spec.config,
      now: () => ctx.now(),
      random: () => ((ctx.draw(RANDOM_LEVELS, "random") + this.randomShift) % RANDOM_LEVELS) / RANDOM_LEVELS,
      randomBytes: (n) => {
        let out = "";
        for (let i = 0; i < n; i++) out += String.fromCharCode(ctx.draw(256, "random byte"));
        return out;
      },
      setTimer: (timer, delayMs, label) => ctx.setTimer(`${label}#${timer}`, delayMs),
      cancelTimer: (timer, label) => ctx.cancelTimer(`${label}#${timer}`),
      io: (op, kind) => ctx.setTimer(`${kind}@${op}`, ctx.draw(IO_DELAY_LEVELS, "io delay")),
      storageGet: (key) => store.get(key),
      storagePut: (key, value) => store.put(key, value),
      storageRange: (range) => rangeText(store.range(JSON.parse(range) as KeyRange)),
      storageSync: (op) => store.syncIssued(op),
      send: (to, text) => ctx.send(to, text),
      emit: (text) => ctx.emit(JSON.parse(text) as { kind: string }),
      reply: (token, text) => this.reply(token, text),
      // The listener is the host's code (it may print through the host process's streams).
      log: (level, text) => {
        if (onLog !== undefined) guard.hostWork(() => onLog(id, level, text));
      },
      leak: (api, stack) => guard.report(api, stack),
    };
    this.bridge = bridge;
    this.realm = this.run(() => new HostedRealm(bridge, spec.substitutes));
    const realm = this.realm;
    this.event(() =>
      realm.enter(() => {
        const exports = realm.requireFile(spec.module) as { start?: unknown };
        if (typeof exports.start !== "function") throw new TypeError(`${spec.module} does not export a start(env) function`);
        realm.runtime.whenSettled(realm.runtime.call(exports.start, [realm.runtime.env]), (handle, error) => {
          if (error !== undefined) this.failure ??= { error };
          else if (isHandle(handle)) this.handle = handle;
        });
      }),
    );
  }

  onMessage(from: NodeId, message: string): void {
    this.event(() => this.realm.enter(() => this.realm.runtime.deliver(from, message)));
  }

  onTimer(name: string): void {
    const io = name.lastIndexOf("@");
    if (io >= 0) {
      const op = Number(name.slice(io + 1));
      this.store.syncCompleted(op);
      this.event(() => this.realm.enter(() => this.realm.runtime.completeIo(op)));
      return;
    }
    const timer = Number(name.slice(name.lastIndexOf("#") + 1));
    this.event(() => this.realm.enter(() => this.realm.runtime.fireTimer(timer)));
  }

  onClientRequest(request: ClientRequest<unknown>): void {
    const token = ++this.nextRequest;
    this.requests.set(token, request);
    const input = JSON.stringify(request.input ?? null);
    this.event(() => this.realm.enter(() => this.realm.runtime.request(token, request.client, request.seq, input)));
  }

  /** The replica as the hosted code reports it, or undefined if it reports none. */
  view(): HostedReplicaView | undefined {
    const handle = this.handle;
    if (handle?.view === undefined) return undefined;
    const view = handle.view;
    const text = this.run(() => this.realm.enter(() => this.realm.runtime.encode(view.call(handle))));
    return JSON.parse(text) as HostedReplicaView;
  }

  private reply(token: number, text: string): void {
    const request = this.requests.get(token);
    if (request === undefined) return;
    this.requests.delete(token);
    const answer = JSON.parse(text) as { kind?: unknown; output?: unknown; leaderHint?: unknown };
    if (answer.kind === "redirect") this.ctx.reply(request, typeof answer.leaderHint === "number" ? { kind: "redirect", leaderHint: answer.leaderHint } : { kind: "redirect" });
    else if (answer.kind === "ok") this.ctx.reply(request, { kind: "ok", output: answer.output ?? null });
    else throw new TypeError(`s${this.ctx.id} answered a client request with ${text.slice(0, 80)}: expected { kind: "ok", output } or { kind: "redirect", leaderHint }`);
  }

  /** Runs a world event (the start, a message, a timer, a client request); if it throws, the world stops the run there and the realm is let go. */
  private event<T>(work: () => T): T {
    try {
      return this.run(work);
    } catch (error) {
      this.abandon();
      throw error;
    }
  }

  /**
   * An event that threw left the continuations it had queued in the realm's
   * microtask queue (Node drains it only when an evaluation completes), and
   * V8 holds every queue's pending jobs as GC roots: the realm, and through
   * the bridge the whole world, would never be freed (a skiff process grew
   * by a world for every run that ended in a HandlerError). The world never
   * enters the node again, so the bridge goes inert (what still runs cannot
   * reach the world: the trace is the same) and the queue is drained.
   */
  private abandon(): void {
    if (this.abandoned) return;
    this.abandoned = true;
    Object.assign(this.bridge, INERT_BRIDGE);
    guard.guard(() => this.realm.drain(ABANDON_DRAIN_MS));
  }

  /** Runs host work for the node; a leak the work caused wins over whatever error it ended with. */
  private run<T>(work: () => T): T {
    const outcome = guard.guard(work);
    if (outcome.leak !== undefined) throw new HostLeakError(outcome.leak.api, this.ctx.id, callSite(outcome.leak.stack));
    if (outcome.error !== undefined) throw outcome.error;
    if (this.failure !== undefined) throw this.failure.error;
    return outcome.value as T;
  }
}

/** A bridge that reaches nothing, for a realm whose run is over (see `HostedNode.abandon`). */
const INERT_BRIDGE: Omit<RealmBridge, "id" | "peers" | "clusterSize" | "config"> = Object.freeze({
  now: () => 0,
  random: () => 0,
  randomBytes: () => "",
  setTimer: () => undefined,
  cancelTimer: () => undefined,
  io: () => undefined,
  storageGet: () => undefined,
  storagePut: () => undefined,
  storageRange: () => "[]",
  storageSync: () => undefined,
  send: () => undefined,
  emit: () => undefined,
  reply: () => undefined,
  log: () => undefined,
  leak: () => undefined,
});
/** How long an abandoned realm's leftover continuations may run (they are usually a handful). */
const ABANDON_DRAIN_MS = 1000;

/** Records as JSON `[key, value][]`: values are stored as wire text already, so they are embedded, not encoded twice. */
function rangeText(records: readonly (readonly [string, string])[]): string {
  let text = "[";
  for (let i = 0; i < records.length; i++) {
    const [key, value] = records[i] as readonly [string, string];
    text += `${i === 0 ? "" : ","}[${JSON.stringify(key)},${value}]`;
  }
  return `${text}]`;
}

function isHandle(value: unknown): value is HostedNodeHandle {
  return typeof value === "object" && value !== null;
}
