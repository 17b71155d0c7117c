import type { RegisterInput, RegisterOutput } from "./workload.js";

/** What a replicated register remembers per client: its last applied operation and that operation's output. */
export interface ClientSession {
  readonly seq: number;
  readonly output: RegisterOutput;
}

/** One client operation as a log entry carries it: who asked, its sequence number, what it asks. */
export interface ClientOperation {
  readonly client: number;
  readonly seq: number;
  readonly input: RegisterInput;
}

/** What applying one committed client operation did: whether it changed anything, and the answer it gives. */
export interface AppliedOperation {
  /** `false` when the operation was a retry of one already applied, skipped by the at-most-once table. */
  readonly effect: boolean;
  readonly output: RegisterOutput;
}

/**
 * The state machine every register protocol replicates: one register plus
 * an at-most-once table (the last applied `seq` of each client and its
 * output), so a retried operation that was already applied is answered
 * from the table instead of running twice.
 *
 * When to use: inside a protocol node, applying committed entries in log
 * order (`apply`) and answering a request that is already applied before
 * appending it again (`answered`). It lives in memory only: rebuild it by
 * re-applying the log after a restart.
 *
 * Gotchas: `apply(operation, false)` runs every entry, retries too;
 * that is how a protocol package seeds a missing-deduplication defect with
 * one guard. A stale retry (a `seq` older than the last applied one) gets
 * no output (`null`): its client has moved on and never reads it.
 *
 * @example
 * ```ts
 * const machine = new RegisterMachine();
 * const write = { client: 1, seq: 1, input: { op: "write", value: "1.1" } } as const;
 * machine.apply(write); // { effect: true, output: null }
 * machine.apply(write); // a retry: { effect: false, output: null }
 * machine.answered(1, 1); // { output: null }
 * ```
 */
export class RegisterMachine {
  /** The register's value (`null` when never written). */
  value: string | null = null;
  /** The at-most-once table, by client. */
  readonly sessions = new Map<number, ClientSession>();
  // Reused by every `apply`: it runs once per committed entry on every replica, the simulator's hot path.
  private readonly result: { effect: boolean; output: RegisterOutput } = { effect: true, output: null };

  /**
   * The answer already given to `client`'s operation `seq`: `{ output }`
   * when it is the client's last applied one, `"stale"` when the client has
   * applied a later one, `undefined` when it is not applied yet.
   */
  answered(client: number, seq: number): { readonly output: RegisterOutput } | "stale" | undefined {
    const session = this.sessions.get(client);
    if (session === undefined || session.seq < seq) return undefined;
    return session.seq === seq ? { output: session.output } : "stale";
  }

  /**
   * Applies a committed operation once (every time when `dedup` is false),
   * recording it in the at-most-once table. The returned object is reused
   * by the next call: read it at once, do not keep it.
   */
  apply(operation: ClientOperation, dedup = true): AppliedOperation {
    const { client, seq } = operation;
    const result = this.result;
    if (dedup) {
      const session = this.sessions.get(client);
      if (session !== undefined && seq <= session.seq) {
        result.effect = false;
        result.output = seq === session.seq ? session.output : null;
        return result;
      }
    }
    const output = this.execute(operation.input);
    this.sessions.set(client, { seq, output });
    result.effect = true;
    result.output = output;
    return result;
  }

  /** Runs `input` on the register, with no at-most-once bookkeeping (a local read, say). */
  execute(input: RegisterInput): RegisterOutput {
    switch (input.op) {
      case "read":
        return this.value;
      case "write":
        this.value = input.value;
        return null;
      case "cas":
        if (this.value !== null && this.value === input.expected) {
          this.value = input.value;
          return true;
        }
        return false;
    }
  }
}
