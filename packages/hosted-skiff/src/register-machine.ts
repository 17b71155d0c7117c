// The application's state machine behind skiff: a register, with at-most-once application per client (the
// application's part, not skiff's). Runs inside the node's realm.
import type { HostedNodeEnv } from "@cx/host";

/** A client operation, as the value of the skiff `put` that carries it. */
export interface Command {
  readonly id: string;
  readonly client: number;
  readonly seq: number;
  readonly input: { readonly op: "read" | "write" | "cas"; readonly value?: string | null; readonly expected?: string | null };
}

/** One application, as the snapshot record keeps it (index - 1 in `applied`). */
export interface Applied {
  readonly id: string;
  readonly term: number;
  readonly client: number;
  readonly seq: number;
  readonly effect: boolean;
}

/** The application's own record in skiff's state sublevel, as it is written and as a snapshot brings it back. */
export interface RegisterRecord {
  value: string | null;
  last: [number, number, unknown][];
  applied: Applied[];
}

/** Our commands are skiff `put`s of the key `op`, whose value is the register command. */
export const commandOf = (c: unknown): Command | undefined => (c as { value?: Command } | null)?.value;

/** An entry of the log as this node observed it. */
type Logged = { readonly term: number; readonly id: string };

/** The register, its at-most-once table, what each application was, and the outputs clients wait for. */
export class RegisterMachine {
  appliedIndex = 0;
  /** Outputs by command id, until the client's call takes its own. */
  readonly outputs = new Map<string, unknown>();
  private value: string | null = null;
  private lastApplied = new Map<number, { seq: number; output: unknown }>();
  private applied: Applied[] = [];

  /** `log` is the node's observed log (index 1 first): an application takes its index and term from it. */
  constructor(
    private readonly env: HostedNodeEnv,
    private readonly log: readonly Logged[],
  ) {}

  /** Applies one committed command (a no-op for a client's repeat) and reports the application. */
  apply(command: Command, currentTerm: () => number): void {
    const { env, log } = this;
    let index = log.findIndex((e, i) => i + 1 > this.appliedIndex && e.id === command.id) + 1;
    if (index === 0) index = log.findIndex((e) => e.id === command.id) + 1 || this.appliedIndex + 1;
    const previous = this.lastApplied.get(command.client);
    const duplicate = previous !== undefined && previous.seq >= command.seq;
    let output: unknown = previous?.output ?? null;
    if (!duplicate) {
      const input = command.input;
      if (input.op === "read") output = this.value;
      else if (input.op === "write") {
        this.value = input.value ?? null;
        output = null;
      } else {
        output = this.value === (input.expected ?? null);
        if (output === true) this.value = input.value ?? null;
      }
      this.lastApplied.set(command.client, { seq: command.seq, output });
    }
    this.appliedIndex = index;
    this.applied[index - 1] = { id: command.id, term: log[index - 1]?.term ?? currentTerm(), client: command.client, seq: command.seq, effect: !duplicate };
    this.outputs.set(command.id, output);
    env.emit({ kind: "applied", node: env.id, index, id: command.id, client: command.client, seq: command.seq, effect: !duplicate });
  }

  /**
   * Replaces the state with a snapshot's, and reports the applications it stands for up to `upTo` that this
   * node had not applied. Operations in the record beyond `upTo` are applied again later by skiff: the
   * at-most-once table makes those no-ops.
   */
  adopt(record: RegisterRecord, upTo: number): void {
    const env = this.env;
    this.value = record.value;
    this.lastApplied = new Map(record.last.map(([client, seq, output]) => [client, { seq, output }]));
    for (let index = this.appliedIndex + 1; index <= upTo; index++) {
      const a = record.applied[index - 1] as Applied;
      env.emit({ kind: "applied", node: env.id, index, id: a.id, client: a.client, seq: a.seq, effect: a.effect });
    }
    this.applied = record.applied.slice(0, upTo);
    this.appliedIndex = upTo;
  }

  /** The record to write beside skiff's own, so that its snapshots carry the application's state. */
  record(): RegisterRecord {
    const last = [...this.lastApplied].map(([client, { seq, output }]): [number, number, unknown] => [client, seq, output]);
    return { value: this.value, last, applied: this.applied.slice(0, this.appliedIndex) };
  }
}
