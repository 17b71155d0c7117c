import { recogniseReplicaObservation } from "@cx/check";
import type { MessageFate, TraceEvent } from "@cx/sim";

export interface DrawnMessage {
  readonly id: number;
  readonly from: number;
  readonly to: number;
  readonly sentAt: number;
  readonly deliverAt: number;
  readonly message: string;
  /** `to-down-node` when it arrived while the receiver was down. */
  readonly fate: MessageFate;
  readonly duplicate: boolean;
  /** 3: the receiver reacted; 2: sent as the sender changed role; 1: lost; 0: routine. */
  readonly score: number;
  /** Event-queue step of the send, and of the arrival (null when it never arrived). */
  readonly sendStep: number;
  readonly arrivalStep: number | null;
}

type Send = Extract<TraceEvent, { kind: "send" }>;

/**
 * Splits the window's messages into those drawn as arrows (the ones that
 * changed something first, up to `max`) and routine traffic, which is drawn
 * only when the whole window holds at most `max / 2` messages.
 */
export function pickMessages(trace: readonly TraceEvent[], setup: { from: number; to: number; max: number }): { drawn: DrawnMessage[]; routine: Send[] } {
  const { from, to, max } = setup;
  const reacted = new Set<string>();
  const roleSteps = new Set<string>();
  for (const event of trace) {
    if (event.kind !== "observation") continue;
    reacted.add(`${event.step}:${event.node}`);
    const known = recogniseReplicaObservation(event.observation, event.node);
    if (known?.kind === "role" && known.role !== "follower") roleSteps.add(`${event.step}:${event.node}`);
  }
  const arrivals = new Map<string, { step: number; fate: MessageFate }>();
  for (const event of trace) if (event.kind === "deliver") arrivals.set(`${event.id}@${event.time}`, { step: event.step, fate: event.fate });

  const all: DrawnMessage[] = [];
  const sends: Send[] = [];
  for (const event of trace) {
    if (event.kind !== "send" || event.time < from || event.time > to) continue;
    sends.push(event);
    const arrival = arrivals.get(`${event.id}@${event.deliverAt}`);
    const fate: MessageFate = event.fate === "delivered" && arrival !== undefined ? arrival.fate : event.fate;
    let score = 0;
    if (fate === "dropped" || fate === "partitioned" || fate === "to-down-node") score = 1;
    if (roleSteps.has(`${event.step}:${event.from}`)) score = 2;
    if (arrival !== undefined && fate === "delivered" && reacted.has(`${arrival.step}:${event.to}`)) score = 3;
    all.push({ id: event.id, from: event.from, to: event.to, sentAt: event.time, deliverAt: event.deliverAt, message: event.message, fate, duplicate: event.duplicate, score, sendStep: event.step, arrivalStep: arrival?.step ?? null });
  }
  // Routine traffic is drawn only in a quiet window, where it cannot become a hairball.
  const quiet = all.length <= max / 2;
  const order = all.map((m, i) => ({ m, i })).sort((a, b) => b.m.score - a.m.score || b.m.sentAt - a.m.sentAt || b.i - a.i);
  const chosen = new Set(order.filter((o) => quiet || o.m.score > 0).slice(0, max).map((o) => o.i));
  const drawn = all.filter((_, i) => chosen.has(i));
  const routine = sends.filter((_, i) => !chosen.has(i));
  return { drawn, routine };
}
