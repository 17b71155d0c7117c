import type { ClientProgram, ClientTurn } from "@cx/sim";
import { KEYS, type Key, type TxInput, type TxOutput } from "./commit-terms.js";

/** The keys a transaction writes, by the "keys" draw: both (the calm value), or one of them. */
const KEY_CHOICES: readonly (readonly Key[])[] = [KEYS, ["a"], ["b"]];

/**
 * The clients' program: run transactions that write keys on the
 * participants, and when one went unanswered (the client gave up: its
 * outcome is unknown), ask the coordinator what became of it before going
 * on. With every draw 0 each transaction writes both keys and every
 * unknown outcome is asked about; a draw of 1 moves on without asking.
 */
export const txClient: ClientProgram<TxInput, TxOutput> = {
  react(choices, turn: ClientTurn<TxInput, TxOutput>) {
    const last = turn.past[turn.past.length - 1];
    const moveOn = choices.draw(2, "ask about an unknown outcome?") === 1;
    if (last !== undefined && !last.answered && !moveOn) return { op: "status", tx: last.input.tx };
    const keys = KEY_CHOICES[choices.draw(KEY_CHOICES.length, "keys")] ?? KEYS;
    return { op: "commit", tx: `${turn.client}.${turn.seq}`, keys };
  },
  probe(client, seq) {
    return { op: "commit", tx: `${client}.${seq}`, keys: KEYS };
  },
  describe(input) {
    return input.op === "commit" ? `commit ${input.tx} (${input.keys.join(", ")})` : `status of ${input.tx}`;
  },
};
