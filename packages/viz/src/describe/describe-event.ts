import { describeObservation, nodeName, recogniseReplicaObservation } from "@cx/check";
import type { ClientResponse, TraceEvent } from "@cx/sim";
import { valueText } from "../internal/value-text.js";
import { clockJumpText, clockText } from "./clock-text.js";
import { genericObservation } from "./generic-observation.js";

/**
 * One trace event as a sentence, without its time: `s0 -> s1 AppendEntries(t3) dropped`,
 * `s2 crashes (down 300 ms)`, `client 1 calls write 1.4 on s0`. A replica
 * observation gets @cx/check's `describeObservation` sentence; any other
 * observation kind its kind and fields (`s2 booted: boot 2`).
 *
 * When to use: a full, line-by-line trace dump (`cx replay --trace`); for a
 * failure a person should read, prefer {@link tellStory}, which keeps only
 * what explains it.
 *
 * Gotchas: plain text carrying run-supplied strings: escape it for markup.
 *
 * @example
 * ```ts
 * for (const e of run.trace) console.log(`t=${e.time} ${describeEvent(e)}`);
 * ```
 */
export function describeEvent(event: TraceEvent): string {
  switch (event.kind) {
    case "send": {
      const fate = event.fate === "delivered" ? `arrives at t=${event.deliverAt}` : event.fate === "partitioned" ? "blocked by the partition" : event.fate;
      return `${nodeName(event.from)} -> ${nodeName(event.to)} ${event.message}${event.duplicate ? " (duplicate)" : ""}: ${fate}`;
    }
    case "deliver":
      return `${nodeName(event.to)} receives ${event.message} from ${nodeName(event.from)}${event.fate === "to-down-node" ? " while down (lost)" : ""}`;
    case "timer":
      return `${nodeName(event.node)} timer ${event.name} fires`;
    case "crash":
      return `${nodeName(event.node)} crashes (down ${event.downMs} ms)`;
    case "restart":
      return `${nodeName(event.node)} restarts`;
    case "partition":
      return `network partition: ${event.shape}`;
    case "heal":
      return "the partition heals";
    case "client-call":
      return `client ${event.client} calls ${event.operation} on ${nodeName(event.node)}${event.attempt > 1 ? ` (attempt ${event.attempt})` : ""}`;
    case "client-response":
      return `client ${event.client} gets ${responseText(event.response)} from ${nodeName(event.node)}`;
    case "client-give-up":
      return `client ${event.client} gives up on operation ${event.seq} (its outcome is unknown)`;
    case "observation": {
      const known = recogniseReplicaObservation(event.observation, event.node);
      return known === null ? genericObservation(event.node, event.observation) : describeObservation(known);
    }
    case "clock":
      return clockText(event);
    case "clock-jump":
      return clockJumpText(event);
    case "phase":
      return "calm phase: faults stop, the network heals, crashed nodes restart";
    case "violation":
      return `${event.violation.invariant} violated: ${event.violation.message}`;
  }
}

/** `ok 1.4`, `ok`, `redirect to s2`. */
export function responseText(response: ClientResponse<unknown>): string {
  if (response.kind === "redirect") return response.leaderHint === undefined ? "redirect" : `redirect to ${nodeName(response.leaderHint)}`;
  return response.output === null || response.output === undefined ? "ok" : `ok ${valueText(response.output)}`;
}

