import type { Model } from "../model.js";
import { Mix32 } from "./mix32.js";

/**
 * Maps model states to small integers so the search compares and hashes
 * states as ints. Primitive states go through a Map (SameValueZero);
 * object states are bucketed by the model's hash (or their JSON text) and
 * compared with the model's `equal`.
 */
export class StateInterner<State> {
  readonly states: State[] = [];
  /** A random 32-bit word per state id, XORed into configuration hashes. */
  readonly mix: number[] = [];
  /** Estimated bytes held for the states (strings by length, anything else a fixed guess). */
  bytes = 0;
  private readonly primitive = new Map<unknown, number>();
  private readonly buckets = new Map<string | number, number[]>();
  private readonly random = new Mix32(0x5eed);
  private readonly model: Model<State, unknown, unknown>;

  constructor(model: Model<State, unknown, unknown>) {
    this.model = model;
  }

  intern(state: State): number {
    if (state === null || (typeof state !== "object" && typeof state !== "function")) {
      const id = this.primitive.get(state);
      if (id !== undefined) return id;
      const fresh = this.add(state);
      this.primitive.set(state, fresh);
      return fresh;
    }
    const key = this.model.hash ? this.model.hash(state) : JSON.stringify(state);
    const bucket = this.buckets.get(key);
    if (bucket === undefined) {
      const fresh = this.add(state);
      this.buckets.set(key, [fresh]);
      return fresh;
    }
    const equal = this.model.equal;
    for (const id of bucket) {
      const other = this.states[id] as State;
      // Without `equal`, a bucket keyed by JSON text already means equal; a
      // user hash without `equal` falls back to comparing JSON text.
      if (equal ? equal(other, state) : this.model.hash === undefined || JSON.stringify(other) === JSON.stringify(state)) return id;
    }
    const fresh = this.add(state);
    bucket.push(fresh);
    return fresh;
  }

  private add(state: State): number {
    this.bytes += 48 + (typeof state === "string" ? 2 * state.length : typeof state === "object" && state !== null ? 256 : 0);
    this.states.push(state);
    this.mix.push(this.random.next());
    return this.states.length - 1;
  }
}
