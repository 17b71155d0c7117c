import type { ChoiceSource } from "../choices/choice-source.js";

/** One of a client's earlier operations, as the client saw it end: answered with an output, or given up (its outcome unknown). */
export type PastOperation<Input, Output> =
  | { readonly input: Input; readonly answered: true; readonly output: Output }
  | { readonly input: Input; readonly answered: false };

/**
 * What a client program sees when it picks its next operation: who it is,
 * which operation this is, every earlier operation of its own with its
 * answer, and the time. A client that acquires then releases, carries a
 * fencing token, reads then writes, or retries a compare-and-set reads
 * them here.
 */
export interface ClientTurn<Input, Output> {
  readonly client: number;
  /** The operation's number, from 1. */
  readonly seq: number;
  /** The client's earlier operations, first first, each answered or given up. */
  readonly past: readonly PastOperation<Input, Output>[];
  /** The world's time in ms (clients read the true clock; nodes read their own). */
  readonly now: number;
}

/** What every workload tells the world besides its operations. */
interface WorkloadWords<Input> {
  /**
   * The calm phase's probe operation: it must change the state, so that
   * liveness ("did anything commit after the network healed?") has
   * something to commit. Draws nothing.
   */
  probe(client: number, seq: number): Input;
  /** `input` in words, for traces and stories (`write 1.2`, `read`). */
  describe(input: Input): string;
}

/** Clients that issue operations drawn from the choices, whatever came back before. */
export interface OperationWorkload<Input> extends WorkloadWords<Input> {
  /** The `seq`-th operation (from 1) of `client`. Value 0 of every draw must give a calm, ordinary operation. */
  next(choices: ChoiceSource, client: number, seq: number): Input;
}

/**
 * Clients that are programs: each sees what came back before it picks its
 * next operation (read-modify-write, compare-and-set loops, acquire then
 * release with a fencing token, a lease timer of its own). Every decision
 * is still drawn from the choices and only what the client has seen shapes
 * the next, so a replay makes the same decisions.
 */
export interface ClientProgram<Input, Output> extends WorkloadWords<Input> {
  /** The client's next operation, given its turn. Value 0 of every draw must give a calm, ordinary operation. */
  react(choices: ChoiceSource, turn: ClientTurn<Input, Output>): Input;
}

/**
 * What clients ask for, one operation at a time: operations drawn from the
 * choices ({@link OperationWorkload}, `next`) or client programs that react
 * to the answers ({@link ClientProgram}, `react`).
 */
export type Workload<Input, Output = unknown> = OperationWorkload<Input> | ClientProgram<Input, Output>;

/** A register operation, in the shape of `@cx/check`'s register model. */
export type RegisterInput =
  | { readonly op: "read" }
  | { readonly op: "write"; readonly value: string }
  | { readonly op: "cas"; readonly expected: string; readonly value: string };

/** Read: the value (`null` when never written); cas: whether it succeeded; write: `null`. */
export type RegisterOutput = string | boolean | null;

/**
 * Reads and writes on one register. Written values are unique (`client.seq`),
 * which makes histories far easier to check. With every draw 0 the clients
 * alternate write, read, write, ... so the calm run still reads what it wrote.
 */
export const registerWorkload: OperationWorkload<RegisterInput> = {
  next(choices, client, seq) {
    const flip = choices.draw(2, "op kind");
    return (seq + flip) % 2 === 1 ? { op: "write", value: `${client}.${seq}` } : { op: "read" };
  },
  probe(client, seq) {
    return { op: "write", value: `${client}.${seq}` };
  },
  describe(input) {
    switch (input.op) {
      case "read":
        return "read";
      case "write":
        return `write ${input.value}`;
      case "cas":
        return `cas ${input.expected}->${input.value}`;
    }
  },
};
