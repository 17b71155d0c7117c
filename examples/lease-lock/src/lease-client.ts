import type { ClientProgram, ClientTurn, PastOperation } from "@cx/sim";
import { LEASE_MS, type LeaseInput, type LeaseOutput } from "./lease-terms.js";

/** A lease the client believes it holds: its token, when it asked for it, and whether it has written under it yet. */
export interface HeldLease {
  readonly token: number;
  /** When the client called `acquire` (true time): the lease ends `LEASE_MS` later. */
  readonly at: number;
  readonly wrote: boolean;
}

/**
 * The lease the client believes it holds after `past`, whether or not it is
 * still live: the token of its last granted acquire, unless it released
 * the lock or asked again since.
 */
export function heldLease(past: readonly PastOperation<LeaseInput, LeaseOutput>[]): HeldLease | undefined {
  let wrote = false;
  for (let i = past.length - 1; i >= 0; i--) {
    const operation = past[i] as PastOperation<LeaseInput, LeaseOutput>;
    const { input } = operation;
    if (input.op === "write") {
      wrote = true;
      continue;
    }
    if (input.op !== "acquire") return undefined;
    return operation.answered && typeof operation.output === "number" ? { token: operation.output, at: input.at, wrote } : undefined;
  }
  return undefined;
}

/**
 * The clients' program: acquire the lock, write the guarded resource under
 * the token, release, and again. A client keeps its own lease timer on the
 * true clock: once `LEASE_MS` have passed since it asked for the lock, it
 * stops using it (no more writes, no release) and asks again. With every
 * draw 0 it follows that cycle; a draw of 1 keeps working under a live lease
 * (another write instead of the release, so the lease runs out while held)
 * or, without one, reads the resource instead of asking for the lock.
 */
export const leaseClient: ClientProgram<LeaseInput, LeaseOutput> = {
  react(choices, turn: ClientTurn<LeaseInput, LeaseOutput>) {
    const lease = heldLease(turn.past);
    const other = choices.draw(2, "client step") === 1;
    if (lease !== undefined && turn.now < lease.at + LEASE_MS) {
      if (!lease.wrote || other) return { op: "write", token: lease.token, value: `${turn.client}.${turn.seq}` };
      return { op: "release", token: lease.token };
    }
    return other ? { op: "read" } : { op: "acquire", at: turn.now };
  },
  probe() {
    return { op: "acquire", at: 0 };
  },
  describe(input) {
    switch (input.op) {
      case "acquire":
        return "acquire";
      case "release":
        return `release ${input.token}`;
      case "write":
        return `write ${input.value} under token ${input.token}`;
      case "read":
        return "read";
    }
  },
};
