import type { Model, StepResult } from "../linearizability/model.js";
import { hashString } from "./string-list.js";

/**
 * An operation on a lock with fencing tokens and the resource it guards:
 * take the lock, give it back, write the resource under a token, read it.
 */
export type LockInput =
  | { readonly op: "acquire" }
  | { readonly op: "release"; readonly token: number }
  | { readonly op: "write"; readonly token: number; readonly value: string }
  | { readonly op: "read" };

/**
 * A lock's answer: `acquire` gives the token granted, or `null` when it
 * was refused because the lock was held (a try-lock); `release` and
 * `write` give whether they were accepted; `read` gives the resource's
 * value, `null` before any accepted write.
 */
export type LockOutput = number | boolean | string | null;

/** The lock's state (never mutated). */
export interface LockState {
  /** The last token granted: 0 before the first acquisition, then 1, 2, 3... */
  readonly token: number;
  /** Whether the lock is held (necessarily by the last token granted). */
  readonly held: boolean;
  /** The guarded resource's value: the last write accepted, `null` before any. */
  readonly value: string | null;
}

const ILLEGAL: StepResult<LockState> = Object.freeze({ ok: false });
const INITIAL: LockState = Object.freeze({ token: 0, held: false, value: null });

/**
 * A mutual-exclusion lock that grants fencing tokens, with the resource it
 * guards (a fenced write checks the writer's token, as etcd or ZooKeeper
 * recipes do with a compare on the lock key's revision).
 *
 * When to use: to check a lock service and the clients that act under it:
 * that no two clients hold the lock at once, that tokens increase, and that
 * a client whose lock was lost (expired, released) cannot write any more.
 *
 * Details (the lock starts free, the resource `null`):
 * - `acquire` on a free lock takes it and is granted the next token:
 *   the n-th acquisition gets token n (1, 2, 3...; strictly increasing,
 *   with no gaps). Its answer must be that token. On a held lock the only
 *   legal answer is `null` (refused), which changes nothing; an acquire
 *   that waits for the lock is an acquire whose interval spans the wait.
 * - `release(t)` is accepted iff the lock is held under token `t`, and
 *   frees it; otherwise it is refused and changes nothing. Its answer
 *   must say which.
 * - `write(t, v)` (the fenced write) is accepted iff the lock is held under
 *   token `t`, the last token granted, and then sets the resource to `v`;
 *   a write under an older token, or after its holder released the lock,
 *   is refused and changes nothing. Its answer must say which.
 * - `read` answers the resource's value (`null` before any accepted write).
 * - An operation that never returned either took effect or did not: an
 *   acquire that never returned may hold the lock under the next token
 *   from then on.
 * - State: `{ token, held, value }`, hashed and compared by the model.
 *
 * Gotchas: tokens are counted, not chosen: a service whose tokens skip
 * numbers (a global revision, say) must be renumbered 1, 2, 3... in order
 * of acquisition before its history is checked. Leases that expire are
 * releases the service did on the holder's behalf: record them as
 * `release` operations of their own (any client id).
 *
 * @example
 * ```ts
 * checkLinearizability(lockModel, [
 *   { client: 0, call: 0, return: 1, input: { op: "acquire" }, output: 1 },
 *   { client: 1, call: 2, return: 3, input: { op: "acquire" }, output: 2 }, // client 0 never released
 * ]).verdict; // "illegal"
 * ```
 */
export const lockModel: Model<LockState, LockInput, LockOutput> = {
  name: "lock",
  init: () => INITIAL,
  step(state, input, output) {
    switch (input.op) {
      case "acquire": {
        if (state.held) return output === undefined || output === null ? { ok: true, state } : ILLEGAL;
        const token = state.token + 1;
        return output === undefined || output === token ? { ok: true, state: { token, held: true, value: state.value } } : ILLEGAL;
      }
      case "release": {
        const accepted = state.held && input.token === state.token;
        if (output !== undefined && output !== accepted) return ILLEGAL;
        return { ok: true, state: accepted ? { token: state.token, held: false, value: state.value } : state };
      }
      case "write": {
        const accepted = state.held && input.token === state.token;
        if (output !== undefined && output !== accepted) return ILLEGAL;
        return { ok: true, state: accepted ? { token: state.token, held: true, value: input.value } : state };
      }
      case "read":
        return output === undefined || output === state.value ? { ok: true, state } : ILLEGAL;
    }
  },
  hash: (state) => (state.value === null ? 0x61c88647 : hashString(state.value, 0x811c9dc5)) ^ Math.imul(2 * state.token + (state.held ? 1 : 0), 0x9e3779b1),
  equal: (a, b) => a === b || (a.token === b.token && a.held === b.held && a.value === b.value),
  // A refused acquire, release or write changed nothing.
  isReadOnly: (input, output) => input.op === "read" || (input.op === "acquire" ? output === null : output === false),
  describeOperation(input, output) {
    switch (input.op) {
      case "acquire":
        return `acquire() -> ${typeof output === "number" ? `token ${output}` : "refused"}`;
      case "release":
        return `release(${input.token})${output === true ? " -> ok" : output === false ? " -> refused" : ""}`;
      case "write":
        return `write(${input.token}, ${JSON.stringify(input.value)})${output === true ? " -> ok" : output === false ? " -> refused" : ""}`;
      case "read":
        return `read() -> ${typeof output === "string" ? JSON.stringify(output) : "empty"}`;
    }
  },
  describeState: (state) =>
    `${state.held ? `held under token ${state.token}` : state.token === 0 ? "free (no token granted yet)" : `free (last token ${state.token})`}, resource ${state.value === null ? "empty" : JSON.stringify(state.value)}`,
};
