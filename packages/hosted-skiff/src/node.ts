// One skiff node, used as shipped (skiff 1.10.0), wired to the seams of a hosted node: its network constructors
// to env.transport, its levelup database to env.storage, client calls to Skiff#command on the leader, and what it
// does to @cx/check's replica observations. Runs inside the node's own realm: its timers, Math.random (election
// timeouts), uuid and Date are the host's, `stream` is readable-stream, `leveldown` the plug-in's stand-in.
import type { HostedNodeEnv } from "@cx/host";
import Skiff from "skiff";
import NetworkNode from "skiff/lib/network/network-node.js";
import { EventEmitter } from "events";
import { Writable } from "stream";
import { HostLevelDown } from "./host-leveldown.js";

interface Command {
  readonly id: string;
  readonly client: number;
  readonly seq: number;
  readonly input: { readonly op: "read" | "write" | "cas"; readonly value?: string | null; readonly expected?: string | null };
}

/** skiff wants multiaddrs; the port names the node. */
const address = (id: number): string => `/ip4/127.0.0.1/tcp/${9000 + id}`;
const idOf = (addr: unknown): number => (typeof addr === "string" && /\/tcp\/9\d{3}$/.test(addr) ? Number(addr.slice(-4)) - 9000 : -1);
/** Our commands are skiff `put`s of the key `op`, whose value is the register command. */
const commandOf = (c: unknown): Command | undefined => (c as { value?: Command } | null)?.value;
const STATE_OP = "!state!op";
/** The application's own record in skiff's state sublevel, so that skiff's snapshots carry it. */
const STATE_REGISTER = "!state!register";
interface Applied {
  readonly id: string;
  readonly term: number;
  readonly client: number;
  readonly seq: number;
  readonly effect: boolean;
}

export function start(env: HostedNodeEnv) {
  const me = env.id;
  // The state machine: a register, with at-most-once application per client (the application's part, not skiff's).
  let value: string | null = null;
  let lastApplied = new Map<number, { seq: number; output: unknown }>();
  let applied: Applied[] = [];
  const outputs = new Map<string, unknown>();
  // The log as observed (index 1 first), and what was reported.
  const log: { term: number; id: string }[] = [];
  let commitIndex = 0;
  let appliedIndex = 0;
  let role = "";
  let term = -1;
  let started = false;
  /** The log prefix an installed snapshot stands for (skiff keeps no entries for it). */
  let snapshotIndex = 0;

  const apply = (command: Command) => {
    observe();
    let index = log.findIndex((e, i) => i + 1 > appliedIndex && e.id === command.id) + 1;
    if (index === 0) index = log.findIndex((e) => e.id === command.id) + 1 || appliedIndex + 1;
    const previous = lastApplied.get(command.client);
    const duplicate = previous !== undefined && previous.seq >= command.seq;
    let output: unknown = previous?.output ?? null;
    if (!duplicate) {
      const input = command.input;
      if (input.op === "read") output = value;
      else if (input.op === "write") {
        value = input.value ?? null;
        output = null;
      } else {
        output = value === (input.expected ?? null);
        if (output === true) value = input.value ?? null;
      }
      lastApplied.set(command.client, { seq: command.seq, output });
    }
    appliedIndex = index;
    applied[index - 1] = { id: command.id, term: log[index - 1]?.term ?? shell.term(), client: command.client, seq: command.seq, effect: !duplicate };
    outputs.set(command.id, output);
    env.emit({ kind: "applied", node: me, index, id: command.id, client: command.client, seq: command.seq, effect: !duplicate });
  };
  // A snapshot skiff installs (InstallSnapshot) replaces the state machine with the leader's: adopt it and report
  // the applications it stands for, up to the index skiff labels it with (lastIncludedIndex, which skiff has just
  // set as its last applied index). Operations in the data beyond that label are applied again later by skiff:
  // the application's at-most-once table makes those no-ops.
  const adopt = (record: { value: string | null; last: [number, number, unknown][]; applied: Applied[] }) => {
    observe();
    const upTo = Math.min(record.applied.length, shell._node._log._lastApplied);
    // The snapshot replaces the log's prefix up to its index: its entries as the leader applied them.
    for (let index = 1; index <= upTo; index++) {
      const a = record.applied[index - 1] as Applied;
      const known = log[index - 1];
      if (known !== undefined && (known.term !== a.term || known.id !== a.id)) {
        env.emit({ kind: "truncated", node: me, fromIndex: index });
        log.length = index - 1;
      }
      if (log.length === index - 1) {
        log.push({ term: a.term, id: a.id });
        env.emit({ kind: "appended", node: me, index, term: a.term, id: a.id });
      }
    }
    snapshotIndex = Math.max(snapshotIndex, upTo);
    value = record.value;
    lastApplied = new Map(record.last.map(([client, seq, output]) => [client, { seq, output }]));
    for (let index = appliedIndex + 1; index <= upTo; index++) {
      const a = record.applied[index - 1] as Applied;
      env.emit({ kind: "applied", node: me, index, id: a.id, client: a.client, seq: a.seq, effect: a.effect });
    }
    applied = record.applied.slice(0, upTo);
    appliedIndex = upTo;
    queueMicrotask(observe);
  };

  // skiff applies committed entries by writing their puts under its `state` sublevel: each is one application.
  const db = new HostLevelDown(env.storage, (ops) => {
    // Whatever skiff is about to write, it already holds in memory: report it first, so that no entry reaches the
    // disk unreported (a crash right after the write would otherwise bring back, at the restart, entries the
    // monitors never heard of).
    observe();
    const snapshot = ops.find((op) => op.type === "put" && op.key === STATE_REGISTER);
    if (snapshot !== undefined) {
      adopt(JSON.parse(snapshot.value) as Parameters<typeof adopt>[0]);
      return [];
    }
    if (!started || !ops.some((op) => op.type === "put" && op.key === STATE_OP)) return [];
    for (const op of ops) if (op.type === "put" && op.key === STATE_OP) apply(JSON.parse(op.value) as Command);
    const last = [...lastApplied].map(([client, { seq, output }]) => [client, seq, output]);
    return [{ type: "put", key: STATE_REGISTER, value: JSON.stringify({ value, last, applied: applied.slice(0, appliedIndex) }) }];
  });

  // The network: skiff's own NetworkNode duplexes over a writable that sends through env.transport. Requests go
  // out on `active`, replies on `passive`; everything that arrives is pushed into `passive` (skiff's dispatcher reads both).
  const out = new Writable({
    objectMode: true,
    write(message: { to?: unknown }, _encoding, callback) {
      observe();
      const to = idOf(message.to);
      if (to >= 0 && to !== me) env.transport.send(to, message);
      callback();
    },
  });
  const nodeFor = (addr: unknown) => new NetworkNode(String(addr), out, { objectMode: true });
  const side = () => {
    const nodes = new Map<string, ReturnType<typeof nodeFor>>();
    const node = (addr: unknown) => nodes.get(String(addr)) ?? nodes.set(String(addr), nodeFor(addr)).get(String(addr));
    return Object.assign(new EventEmitter(), { nodes, node, listening: () => true });
  };
  const network = { passive: side(), active: side() };
  env.transport.onMessage((_from, message) => {
    for (const node of network.passive.nodes.values()) node.push(message);
  });

  const shell = Skiff(address(me), {
    peers: env.peers.map(address),
    network,
    db: () => db,
    location: "/cx",
    electionTimeoutMinMS: 150,
    electionTimeoutMaxMS: 300,
    appendEntriesIntervalMS: 50,
    rpcTimeoutMS: 500,
  });

  function observe() {
    if (!started) return;
    const nowRole = shell.is("leader") ? "leader" : shell.is("candidate") ? "candidate" : "follower";
    if (nowRole !== role || shell.term() !== term) {
      role = nowRole;
      term = shell.term();
      env.emit({ kind: "role", node: me, role, term });
    }
    const entries = shell.logEntries();
    for (const entry of entries) {
      const id = commandOf(entry.c)?.id ?? JSON.stringify(entry.c);
      const known = log[entry.i - 1];
      if (known !== undefined && (known.term !== entry.t || known.id !== id)) {
        env.emit({ kind: "truncated", node: me, fromIndex: entry.i });
        log.length = entry.i - 1;
        snapshotIndex = Math.min(snapshotIndex, log.length);
      }
      if (log.length === entry.i - 1) {
        log.push({ term: entry.t, id });
        env.emit({ kind: "appended", node: me, index: entry.i, term: entry.t, id });
      }
    }
    const last = Math.max(entries.at(-1)?.i ?? 0, snapshotIndex);
    if (log.length > last) {
      env.emit({ kind: "truncated", node: me, fromIndex: last + 1 });
      log.length = last;
    }
    const skiffCommit = shell._node._log._commitIndex;
    if (skiffCommit > commitIndex) {
      commitIndex = skiffCommit;
      env.emit({ kind: "committed", node: me, index: commitIndex, term: shell.term() });
    }
  }

  shell.on("new state", observe);
  shell.on("warning", () => undefined);
  // Emitted once skiff has loaded its log, term and vote from disk, before it becomes a follower.
  shell.on("started", () => {
    for (const entry of shell.logEntries()) if (log.length === entry.i - 1) log.push({ term: entry.t, id: commandOf(entry.c)?.id ?? JSON.stringify(entry.c) });
    env.emit({ kind: "restarted", node: me, term: shell.term(), logLength: log.length });
    // The log as the disk gave it back, entry by entry: skiff truncates its log in memory before the disk, so a crash
    // in between brings back entries this node had reported gone (and the monitors had forgotten). Reporting every
    // entry again is harmless where they already knew it, and true where they did not.
    log.forEach((entry, i) => env.emit({ kind: "appended", node: me, index: i + 1, term: entry.term, id: entry.id }));
    started = true;
  });
  shell.start(() => undefined);
  let nextCommand = 0;

  env.onClientRequest((input, request) => {
    observe();
    if (!shell.is("leader")) {
      const hint = idOf(shell._node._leaderId);
      return hint >= 0 && hint !== me ? { kind: "redirect", leaderHint: hint } : { kind: "redirect" };
    }
    const id = `s${me}:${++nextCommand}:c${request.client}#${request.seq}`;
    const command: Command = { id, client: request.client, seq: request.seq, input: input as Command["input"] };
    return new Promise((resolve) => {
      shell.command({ type: "put", key: "op", value: command }, {}, (error) => {
        observe();
        resolve(error || !outputs.has(id) ? { kind: "redirect" } : { kind: "ok", output: outputs.get(id) });
        outputs.delete(id);
      });
    });
  });

  return {
    view: () => ({ role: role === "" ? "follower" : (role as "follower"), term: Math.max(term, 0), log: [...log], commitIndex, appliedIndex }),
  };
}
