import { defineProtocolPlugin, registerWorkload, type ClientRequest, type NodeContext, type NodeId, type ProtocolNode, type RegisterInput, type RegisterOutput } from "@cx/sim";
import { defineHostedPlugin } from "../src/index.js";

type Message = { readonly type: "ping" | "echo"; readonly n: number };

/** The same ping/echo written for cx's handler API. */
class PingEcho implements ProtocolNode<Message, RegisterInput> {
  private n = 0;
  private echoes = 0;
  constructor(private readonly ctx: NodeContext<Message, RegisterOutput | number, undefined>) {
    if (ctx.id === 0) ctx.setTimer("ping", 10);
  }
  onTimer(): void {
    this.n += 1;
    for (const peer of this.ctx.peers) this.ctx.send(peer, { type: "ping", n: this.n });
    this.ctx.setTimer("ping", 10);
  }
  onMessage(from: NodeId, message: Message): void {
    if (message.type === "ping") this.ctx.send(from, { type: "echo", n: message.n });
    else this.echoes += 1;
  }
  onClientRequest(request: ClientRequest<RegisterInput>): void {
    this.ctx.reply(request, { kind: "ok", output: this.echoes });
  }
}

/** Native ping/echo: a plug-in on @cx/sim's handler API. */
export const nativePingEcho = defineProtocolPlugin({
  name: "ping-echo",
  version: "0.0.0",
  summary: "node 0 pings its peers every 10 ms; they echo (a host benchmark's baseline)",
  defects: [],
  protocol: () => ({ name: "ping-echo", start: (ctx: NodeContext<Message, RegisterOutput | number, undefined>) => new PingEcho(ctx) }),
  workload: registerWorkload,
  monitors: () => [],
});

/** Hosted ping/echo: the same logic as async code under @cx/host. */
export const hostedPingEcho = defineHostedPlugin({
  name: "hosted-ping-echo",
  version: "0.0.0",
  summary: "ping/echo as hosted async code (a host benchmark)",
  module: new URL("./fixtures/ping-echo-node.ts", import.meta.url),
  workload: registerWorkload,
  monitors: () => [],
});
