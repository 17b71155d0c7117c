// What one node reports of skiff's own state as @cx/check's replica observations: its role and term, its log
// (entries appended and truncated) and its commit index, read from the library after each thing it does. Runs
// inside the node's realm.
import type { HostedNodeEnv } from "@cx/host";
import type Skiff from "skiff";
import { commandOf, type Applied } from "./register-machine.js";

type SkiffShell = ReturnType<typeof Skiff>;

/** An entry of the log as observed (and reported). */
export interface LoggedEntry {
  readonly term: number;
  readonly id: string;
}

/** The role, term, log and commit index this node last reported, kept in step with skiff's. */
export class ObservedLog {
  /** The log as observed, index 1 first; truncated in place, so a reference to it stays current. */
  readonly entries: LoggedEntry[] = [];
  commitIndex = 0;
  role = "";
  term = -1;
  /** The log prefix an installed snapshot stands for (skiff keeps no entries for it). */
  private snapshotIndex = 0;

  constructor(private readonly env: HostedNodeEnv) {}

  /** Reports whatever changed in skiff's role, term, log and commit index since the last look. */
  observe(shell: SkiffShell): void {
    const { env, entries: log } = this;
    const me = env.id;
    const nowRole = shell.is("leader") ? "leader" : shell.is("candidate") ? "candidate" : "follower";
    if (nowRole !== this.role || shell.term() !== this.term) {
      this.role = nowRole;
      this.term = shell.term();
      env.emit({ kind: "role", node: me, role: this.role, term: this.term });
    }
    const entries = shell.logEntries();
    for (const entry of entries) {
      const id = commandOf(entry.c)?.id ?? JSON.stringify(entry.c);
      const known = log[entry.i - 1];
      if (known !== undefined && (known.term !== entry.t || known.id !== id)) {
        env.emit({ kind: "truncated", node: me, fromIndex: entry.i });
        log.length = entry.i - 1;
        this.snapshotIndex = Math.min(this.snapshotIndex, log.length);
      }
      if (log.length === entry.i - 1) {
        log.push({ term: entry.t, id });
        env.emit({ kind: "appended", node: me, index: entry.i, term: entry.t, id });
      }
    }
    const last = Math.max(entries.at(-1)?.i ?? 0, this.snapshotIndex);
    if (log.length > last) {
      env.emit({ kind: "truncated", node: me, fromIndex: last + 1 });
      log.length = last;
    }
    const skiffCommit = shell._node._log._commitIndex;
    if (skiffCommit > this.commitIndex) {
      this.commitIndex = skiffCommit;
      env.emit({ kind: "committed", node: me, index: this.commitIndex, term: shell.term() });
    }
  }

  /** An installed snapshot replaces the log's prefix up to `upTo`: its entries as the leader applied them. */
  adoptPrefix(applied: readonly Applied[], upTo: number): void {
    const { env, entries: log } = this;
    for (let index = 1; index <= upTo; index++) {
      const a = applied[index - 1] as Applied;
      const known = log[index - 1];
      if (known !== undefined && (known.term !== a.term || known.id !== a.id)) {
        env.emit({ kind: "truncated", node: env.id, fromIndex: index });
        log.length = index - 1;
      }
      if (log.length === index - 1) {
        log.push({ term: a.term, id: a.id });
        env.emit({ kind: "appended", node: env.id, index, term: a.term, id: a.id });
      }
    }
    this.snapshotIndex = Math.max(this.snapshotIndex, upTo);
  }

  /** skiff has loaded its log, term and vote from disk: reports the restart and the log it came back with. */
  restarted(shell: SkiffShell): void {
    const { env, entries: log } = this;
    for (const entry of shell.logEntries()) if (log.length === entry.i - 1) log.push({ term: entry.t, id: commandOf(entry.c)?.id ?? JSON.stringify(entry.c) });
    env.emit({ kind: "restarted", node: env.id, term: shell.term(), logLength: log.length });
    // The log as the disk gave it back, entry by entry: skiff truncates its log in memory before the disk, so a crash
    // in between brings back entries this node had reported gone (and the monitors had forgotten). Reporting every
    // entry again is harmless where they already knew it, and true where they did not.
    log.forEach((entry, i) => env.emit({ kind: "appended", node: env.id, index: i + 1, term: entry.term, id: entry.id }));
  }
}
