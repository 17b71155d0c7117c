import type { ClientRequest, ClientResponse, NodeContext, Observation, StorageFault } from "@cx/sim";
import type { HostedDisk } from "../src/index.js";

/**
 * A node context driven by hand: timers are recorded (the test fires them),
 * what the node persists is kept across "crashes" (a new node on the same
 * context), draws are 0 unless queued.
 */
export class FakeContext implements NodeContext<string, unknown, HostedDisk> {
  readonly id: number;
  readonly peers: readonly number[];
  readonly clusterSize: number;
  time = 0;
  timers = new Map<string, number>();
  disk: HostedDisk | undefined;
  readonly sent: { to: number; message: string }[] = [];
  readonly observations: Observation[] = [];
  readonly replies: { request: ClientRequest<unknown>; response: ClientResponse<unknown> }[] = [];
  readonly draws: number[] = [];

  constructor(id = 0, clusterSize = 3) {
    this.id = id;
    this.clusterSize = clusterSize;
    this.peers = Array.from({ length: clusterSize }, (_, i) => i).filter((i) => i !== id);
  }

  now(): number {
    return this.time;
  }
  send(to: number, message: string): void {
    this.sent.push({ to, message });
  }
  setTimer(name: string, delayMs: number): void {
    this.timers.set(name, this.time + delayMs);
  }
  cancelTimer(name: string): void {
    this.timers.delete(name);
  }
  persist(state: HostedDisk): void {
    this.disk = state;
  }
  write(state: HostedDisk): void {
    this.disk = state;
  }
  sync(): void {
    // The host keeps its own sync point inside HostedDisk: every write it hands the world is whole.
  }
  restore(): HostedDisk | undefined {
    return this.disk;
  }
  storageFault(): StorageFault | null {
    return null;
  }
  emit(observation: Observation): void {
    this.observations.push(observation);
  }
  reply(request: ClientRequest<unknown>, response: ClientResponse<unknown>): void {
    this.replies.push({ request, response });
  }
  draw(n: number): number {
    return Math.min(n - 1, this.draws.shift() ?? 0);
  }

  /** The pending timers whose name starts with `prefix`, earliest first. */
  due(prefix: string): string[] {
    return [...this.timers].filter(([name]) => name.startsWith(prefix)).sort((a, b) => a[1] - b[1]).map(([name]) => name);
  }

  /** Crash: every timer is gone; what was persisted stays. */
  crash(): void {
    this.timers.clear();
  }
}
