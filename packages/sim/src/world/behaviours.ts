import type { ChoiceSource } from "../choices/choice-source.js";
import { mixFeature, startFeature } from "../toolkit/feature-hash.js";

/** A boot: what a node "handled" last before anything else. */
const BOOT = 1;
/** No sender: a timer or a client request (or a message id never seen sent). */
const UNKNOWN = 0;
/** The group tag of behaviour features, far from protocol probes' tags. */
const BEHAVIOUR_TAG = 0xbe4a710;

/**
 * What the world records about a run's causal structure, knowing nothing of
 * the protocol: for every event a node handles (a message, a timer, a client
 * request), the feature is the hash of the node's role (from its `role`
 * observations, if it makes any), the kind of the event it handled before,
 * the kind of this event, and, for a message, the kind of event its sender
 * was handling when it sent it. One such feature is a step of a
 * happens-before chain, abstracted to roles and kinds ("a follower that
 * last handled a heartbeat timer receives a vote request its sender sent
 * from an election timer"), so a run that reaches a new one did something,
 * in the order things happened, that no earlier run did.
 *
 * Kinds are protocol-neutral: a message's `type` or `kind` field when it has
 * one (else its JavaScript type), a timer's name, a client operation's `op`
 * field, each hashed (FNV-1a of the text), so a feature means the same in
 * every run and on every machine.
 *
 * When to use: inside the world (`behaviours: true` in a run spec); the run
 * result carries the distinct features in first-seen order and the choice
 * position at which each was first reached.
 */
export class BehaviourRecorder {
  /** Distinct features, in first-seen order. */
  readonly features: number[] = [];
  /** For each feature, the choice position when it was first reached. */
  readonly positions: number[] = [];
  private readonly seen = new Set<number>();
  /** Per node: the kind of the event it handled last. */
  private readonly last: number[];
  /** Per node: the kind of the event it handled before that. */
  private readonly before: number[];
  /** Per node: its role as it last reported it (0 before any report). */
  private readonly role: number[];
  /** Per message id: the kind of event its sender was handling when it sent it. */
  private sentFrom: Int32Array = new Int32Array(256);
  private readonly start: number;

  constructor(
    clusterSize: number,
    private readonly choices: ChoiceSource,
  ) {
    this.last = new Array<number>(clusterSize).fill(BOOT);
    this.before = new Array<number>(clusterSize).fill(BOOT);
    this.role = new Array<number>(clusterSize).fill(0);
    this.start = startFeature(BEHAVIOUR_TAG, clusterSize);
  }

  /** The node booted or restarted: it remembers nothing it handled. */
  booted(node: number): void {
    this.last[node] = BOOT;
    this.before[node] = BOOT;
    this.role[node] = 0;
  }

  /** The node reported an observation: a `role` one changes the role its features carry. */
  observed(node: number, observation: { readonly kind: string; readonly role?: unknown }): void {
    if (observation.kind === "role" && typeof observation.role === "string") this.role[node] = kindHash(ROLE, observation.role);
  }

  /** Message `id` leaves `from`: remember what `from` was handling. */
  sent(id: number, from: number): void {
    if (id >= this.sentFrom.length) {
      const grown = new Int32Array(Math.max(id + 1, this.sentFrom.length * 2));
      grown.set(this.sentFrom);
      this.sentFrom = grown;
    }
    this.sentFrom[id] = this.last[from] as number;
  }

  /** Node `to` handles message `id`. */
  message(to: number, id: number, message: unknown): void {
    const sender = id < this.sentFrom.length ? (this.sentFrom[id] as number) : UNKNOWN;
    this.handled(to, kindHash(MESSAGE, kindOf(message)), sender);
  }

  /** The node's timer `name` fires. */
  timer(node: number, name: string): void {
    this.handled(node, kindHash(TIMER, name), UNKNOWN);
  }

  /** The node handles a client request. */
  request(node: number, input: unknown): void {
    this.handled(node, kindHash(REQUEST, kindOf(input, "op")), UNKNOWN);
  }

  private handled(node: number, kind: number, sender: number): void {
    let feature = mixFeature(this.start, this.role[node] as number);
    feature = mixFeature(feature, this.before[node] as number);
    feature = mixFeature(feature, this.last[node] as number);
    feature = mixFeature(feature, kind);
    feature = mixFeature(feature, sender) >>> 0;
    this.before[node] = this.last[node] as number;
    this.last[node] = kind;
    if (this.seen.has(feature)) return;
    this.seen.add(feature);
    this.features.push(feature);
    this.positions.push(this.choices.position);
  }
}

const MESSAGE = 0;
const TIMER = 1;
const REQUEST = 2;
const ROLE = 3;
/** Hashes of kind names already computed, per group: a pure function's memo, bounded so that a protocol naming every message differently cannot grow it without end. */
const kindHashes: Map<string, number>[] = [new Map(), new Map(), new Map(), new Map()];
const KIND_HASHES_MAX = 4096;

/** A kind's name as a number, the same in every run: FNV-1a over the group and the text (never 0 or 1, which mean "unknown" and "boot"). */
function kindHash(group: number, name: string): number {
  const memo = kindHashes[group] as Map<string, number>;
  const known = memo.get(name);
  if (known !== undefined) return known;
  let hash = mixFeature(0x811c9dc5, group);
  for (let i = 0; i < name.length; i++) hash = mixFeature(hash, name.charCodeAt(i));
  hash = (hash >>> 0) | 2;
  if (memo.size < KIND_HASHES_MAX) memo.set(name, hash);
  return hash;
}

/** A protocol-neutral name for a message or an input: its `type`, `kind` (or `field`) when that is a string, else its JavaScript type. */
function kindOf(value: unknown, field = "type"): string {
  if (typeof value !== "object" || value === null) return typeof value;
  const record = value as Record<string, unknown>;
  const named = record[field] ?? record["kind"] ?? record["type"];
  return typeof named === "string" ? named : "object";
}
