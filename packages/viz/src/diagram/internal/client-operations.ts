import type { TraceEvent } from "@cx/sim";
import { responseText } from "../../describe/describe-event.js";

/** A client operation as the diagram draws it: from its first call to its answer or giving up. */
export interface ClientOperation {
  readonly client: number;
  readonly seq: number;
  readonly operation: string;
  readonly call: number;
  end: number | null;
  result: string;
  indeterminate: boolean;
  /** Positions in the trace of its calls (every attempt), answer or giving up. */
  readonly events: number[];
}

/** The client operations that overlap the window, in call order, with the trace events of each. */
export function clientOperations(trace: readonly TraceEvent[], window: { from: number; to: number }): ClientOperation[] {
  const operations: ClientOperation[] = [];
  const byKey = new Map<string, ClientOperation>();
  for (const [index, event] of trace.entries()) {
    if (event.time > window.to) break;
    if (event.kind === "client-call" && event.attempt === 1) {
      const op: ClientOperation = { client: event.client, seq: event.seq, operation: event.operation, call: event.time, end: null, result: "", indeterminate: false, events: [index] };
      byKey.set(`${event.client}#${event.seq}`, op);
      operations.push(op);
    } else if (event.kind === "client-call") {
      byKey.get(`${event.client}#${event.seq}`)?.events.push(index);
    } else if (event.kind === "client-response" && event.response.kind === "ok") {
      const op = byKey.get(`${event.client}#${event.seq}`);
      if (op !== undefined && op.end === null) {
        op.end = event.time;
        op.result = responseText(event.response);
        op.events.push(index);
      }
    } else if (event.kind === "client-give-up") {
      const op = byKey.get(`${event.client}#${event.seq}`);
      if (op !== undefined && op.end === null) {
        op.end = event.time;
        op.result = "gave up";
        op.indeterminate = true;
        op.events.push(index);
      }
    }
  }
  return operations.filter((op) => (op.end ?? window.to) >= window.from && op.call <= window.to);
}
