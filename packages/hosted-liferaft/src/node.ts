// One liferaft node, used as shipped (@markwylde/liferaft 1.4.0), wired to the
// seams of a hosted node: its `write` transport to env.transport, its levelup
// log to env.storage, client calls to Raft#command, and what it does to
// @cx/check's replica observations. Runs inside the node's own realm: its
// timers (tick-tock), Math.random and Date are the host's.
import type { HostedNodeEnv } from "@cx/host";
import Raft from "@markwylde/liferaft";
import Log from "@markwylde/liferaft/log.js";
import { HostLevelDown } from "./host-leveldown.js";

/** States as liferaft numbers them (`Raft.states`). */
const LEADER = 1;
const CANDIDATE = 2;

interface Command {
  readonly id: string;
  readonly client: number;
  readonly seq: number;
  readonly input: { readonly op: "read" | "write" | "cas"; readonly value?: string | null; readonly expected?: string | null };
}

interface Entry {
  readonly index: number;
  readonly term: number;
  readonly committed: boolean;
  readonly command: Command;
}

const address = (id: number): string => `s${id}`;
const idOf = (addr: unknown): number => (typeof addr === "string" && /^s\d+$/.test(addr) ? Number(addr.slice(1)) : -1);
const indexOfKey = (key: string): number => parseInt(key, 16);

export function start(env: HostedNodeEnv<{ readonly inOrderDisk?: boolean } | null>) {
  const me = env.id;
  // The state machine: a register, with at-most-once application per client (the application's part, not liferaft's).
  let value: string | null = null;
  const lastApplied = new Map<number, { seq: number; output: unknown }>();
  const waiting = new Map<string, (output: unknown) => void>();
  const log = new Map<number, { term: number; id: string }>();
  let commitIndex = 0;
  let appliedIndex = 0;
  let nextCommand = 0;

  const db = new HostLevelDown(env.storage, {
    onPut(key, text) {
      const entry = JSON.parse(text) as Entry;
      const index = indexOfKey(key);
      const known = log.get(index);
      if (known === undefined || known.term !== entry.term || known.id !== entry.command.id) {
        log.set(index, { term: entry.term, id: entry.command.id });
        env.emit({ kind: "appended", node: me, index, term: entry.term, id: entry.command.id });
      }
      if (entry.committed && index > commitIndex) {
        commitIndex = index;
        env.emit({ kind: "committed", node: me, index, term: raft.term });
      }
    },
    onDelete(key) {
      const index = indexOfKey(key);
      if (!log.has(index)) return;
      for (const i of [...log.keys()]) if (i >= index) log.delete(i);
      env.emit({ kind: "truncated", node: me, fromIndex: index });
    },
  }, env.config?.inOrderDisk === true);

  const raft = new Raft(address(me), {
    "election min": 150,
    "election max": 300,
    heartbeat: 50,
    Log,
    adapter: () => db,
  });

  let role = "follower";
  let term = 0;
  const reportRole = () => {
    const now = raft.state === LEADER ? "leader" : raft.state === CANDIDATE ? "candidate" : "follower";
    if (now === role && raft.term === term) return;
    role = now;
    term = raft.term;
    env.emit({ kind: "role", node: me, role, term });
  };
  raft.on("state change", reportRole);
  raft.on("term change", reportRole);
  raft.on("error", () => undefined);

  raft.on("commit", (command: Command) => {
    const index = [...log].find(([, e]) => e.id === command.id)?.[0] ?? appliedIndex + 1;
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
    appliedIndex = Math.max(appliedIndex, index);
    env.emit({ kind: "applied", node: me, index, id: command.id, client: command.client, seq: command.seq, effect: !duplicate });
    waiting.get(command.id)?.(output);
    waiting.delete(command.id);
  });

  for (const peer of env.peers) {
    raft.join(address(peer), (packet, callback) => {
      env.transport.send(peer, packet);
      callback?.();
    });
  }
  env.transport.onMessage((from, packet) => {
    raft.emit("data", packet, (reply: unknown) => {
      if (reply !== undefined && reply !== null) env.transport.send(from, reply);
    });
  });

  env.onClientRequest(async (input, request) => {
    if (raft.state !== LEADER) {
      const hint = idOf(raft.leader);
      return hint >= 0 && hint !== me ? { kind: "redirect", leaderHint: hint } : { kind: "redirect" };
    }
    const id = `s${me}:${++nextCommand}:c${request.client}#${request.seq}`;
    const done = new Promise((resolve) => waiting.set(id, resolve));
    try {
      await raft.command({ id, client: request.client, seq: request.seq, input: input as Command["input"] } satisfies Command);
    } catch {
      waiting.delete(id);
      return { kind: "redirect" };
    }
    return { kind: "ok", output: await done };
  });

  return {
    view: () => ({
      role: raft.state === LEADER ? "leader" : raft.state === CANDIDATE ? "candidate" : "follower",
      term: raft.term,
      log: [...log].sort((a, b) => a[0] - b[0]).map(([, e]) => e),
      commitIndex,
      appliedIndex,
    }),
  };
}
