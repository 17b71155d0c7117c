// skiff's `network` option over a hosted node's transport: skiff's own NetworkNode duplexes over a writable that
// sends through env.transport. Requests go out on `active`, replies on `passive`; everything that arrives is pushed
// into `passive` (skiff's dispatcher reads both). Runs inside the node's realm.
import type { HostedNodeEnv } from "@cx/host";
import NetworkNode from "skiff/lib/network/network-node.js";
import { EventEmitter } from "events";
import { Writable } from "stream";

/** skiff wants multiaddrs; the port names the node. */
export const address = (id: number): string => `/ip4/127.0.0.1/tcp/${9000 + id}`;
/** The node an address names, or -1. */
export const idOf = (addr: unknown): number => (typeof addr === "string" && /\/tcp\/9\d{3}$/.test(addr) ? Number(addr.slice(-4)) - 9000 : -1);

/**
 * The `{ passive, active }` network skiff is given, wired to `env.transport`; `beforeSend` runs before each
 * message leaves (the node reports what skiff did first).
 */
export function skiffNetwork(env: HostedNodeEnv, beforeSend: () => void) {
  const me = env.id;
  const out = new Writable({
    objectMode: true,
    write(message: { to?: unknown }, _encoding, callback) {
      beforeSend();
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
  return network;
}
