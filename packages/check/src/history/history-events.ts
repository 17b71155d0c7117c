import type { Operation } from "../linearizability/operation.js";

/**
 * One event of a history given as a list of calls and returns (Porcupine's
 * `Event`): the call of operation `id` carries its input, the return its
 * output. A call with no return never returned.
 */
export type HistoryEvent<Input, Output> =
  | { readonly kind: "call"; readonly id: number; readonly client?: number; readonly value: Input }
  | { readonly kind: "return"; readonly id: number; readonly client?: number; readonly value: Output };

/**
 * Turns a list of call and return events into operations for
 * {@link checkLinearizability}: the position of an event in the list is its
 * time, so an operation precedes another iff its return comes before the
 * other's call in the list. A call without a return becomes an operation
 * that never returned (`return: null`).
 *
 * When to use: when your test harness records events in the order they
 * happened rather than timestamps (as Porcupine's `CheckEvents` takes them).
 *
 * Gotchas: throws a `RangeError` for a return with no call before it, or an
 * id called or returned twice. `client` defaults to the id. Operations come
 * out in the order of their calls.
 *
 * @example
 * ```ts
 * const ops = operationsFromEvents<RegisterInput, RegisterOutput>([
 *   { kind: "call", id: 0, value: { op: "write", value: "a" } },
 *   { kind: "call", id: 1, value: { op: "read" } },
 *   { kind: "return", id: 0, value: null },
 *   { kind: "return", id: 1, value: "a" },
 * ]);
 * checkLinearizability(registerModel, ops).verdict; // "ok"
 * ```
 */
export function operationsFromEvents<Input, Output>(events: readonly HistoryEvent<Input, Output>[]): Operation<Input, Output>[] {
  interface Open {
    client: number;
    call: number;
    input: Input;
    ret: number | null;
    output: Output | null;
  }
  const byId = new Map<number, Open>();
  const order: Open[] = [];
  events.forEach((event, at) => {
    const known = byId.get(event.id);
    if (event.kind === "call") {
      if (known !== undefined) throw new RangeError(`event ${at}: operation ${event.id} is called twice`);
      const open: Open = { client: event.client ?? event.id, call: at, input: event.value, ret: null, output: null };
      byId.set(event.id, open);
      order.push(open);
      return;
    }
    if (known === undefined) throw new RangeError(`event ${at}: operation ${event.id} returns before any call`);
    if (known.ret !== null) throw new RangeError(`event ${at}: operation ${event.id} returns twice`);
    known.ret = at;
    known.output = event.value;
  });
  return order.map((open) => ({ client: open.client, call: open.call, return: open.ret, input: open.input, output: open.output }));
}
