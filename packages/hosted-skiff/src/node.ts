// One skiff node, used as shipped (skiff 1.10.0), wired to the seams of a hosted node: its network constructors
// to env.transport, its levelup database to env.storage, client calls to Skiff#command on the leader, and what it
// does to @cx/check's replica observations. Runs inside the node's own realm: its timers, Math.random (election
// timeouts), uuid and Date are the host's, `stream` is readable-stream, `leveldown` the plug-in's stand-in.
import type { HostedNodeEnv } from "@cx/host";
import Skiff from "skiff";
// Imports are the order the realm loads modules in: the network's (NetworkNode, events, stream) before the store's.
import { address, idOf, skiffNetwork } from "./skiff-network.js";
import { HostLevelDown } from "./host-leveldown.js";
import { ObservedLog } from "./observed-log.js";
import { RegisterMachine, type Command, type RegisterRecord } from "./register-machine.js";

const STATE_OP = "!state!op";
/** The application's own record in skiff's state sublevel, so that skiff's snapshots carry it. */
const STATE_REGISTER = "!state!register";

export function start(env: HostedNodeEnv) {
  const me = env.id;
  // The log as observed (index 1 first), and what was reported.
  const observed = new ObservedLog(env);
  // The state machine: a register, with at-most-once application per client (the application's part, not skiff's).
  const register = new RegisterMachine(env, observed.entries);
  let started = false;

  const apply = (command: Command) => {
    observe();
    register.apply(command, () => shell.term());
  };
  // A snapshot skiff installs (InstallSnapshot) replaces the state machine with the leader's: adopt it and report
  // the applications it stands for, up to the index skiff labels it with (lastIncludedIndex, which skiff has just
  // set as its last applied index). Operations in the data beyond that label are applied again later by skiff:
  // the application's at-most-once table makes those no-ops.
  const adopt = (record: RegisterRecord) => {
    observe();
    const upTo = Math.min(record.applied.length, shell._node._log._lastApplied);
    observed.adoptPrefix(record.applied, upTo);
    register.adopt(record, upTo);
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
      adopt(JSON.parse(snapshot.value) as RegisterRecord);
      return [];
    }
    if (!started || !ops.some((op) => op.type === "put" && op.key === STATE_OP)) return [];
    for (const op of ops) if (op.type === "put" && op.key === STATE_OP) apply(JSON.parse(op.value) as Command);
    return [{ type: "put", key: STATE_REGISTER, value: JSON.stringify(register.record()) }];
  });

  const network = skiffNetwork(env, observe);

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
    observed.observe(shell);
  }

  shell.on("new state", observe);
  shell.on("warning", () => undefined);
  // Emitted once skiff has loaded its log, term and vote from disk, before it becomes a follower.
  shell.on("started", () => {
    observed.restarted(shell);
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
    const outputs = register.outputs;
    return new Promise((resolve) => {
      shell.command({ type: "put", key: "op", value: command }, {}, (error) => {
        observe();
        resolve(error || !outputs.has(id) ? { kind: "redirect" } : { kind: "ok", output: outputs.get(id) });
        outputs.delete(id);
      });
    });
  });

  return {
    view: () => ({ role: observed.role === "" ? "follower" : (observed.role as "follower"), term: Math.max(observed.term, 0), log: [...observed.entries], commitIndex: observed.commitIndex, appliedIndex: register.appliedIndex }),
  };
}
