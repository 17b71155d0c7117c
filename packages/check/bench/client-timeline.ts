import type { Operation } from "../src/index.js";

/** How many clients call, how many calls they make, and how many never return: what a timeline is drawn from. */
export interface TimelineShape {
  /** Clients running at once (each issues one operation at a time; a client whose call never returned is replaced by a fresh one). */
  readonly clients: number;
  readonly operations: number;
  /** Percentage of calls that never return: each took effect at some instant after its call, or never (one in two). */
  readonly pendingPercent: number;
}

/** One call of a timeline, before the generator gives it an input and an output. */
export interface TimedCall {
  readonly client: number;
  readonly call: number;
  readonly ret: number | null;
  /** When it takes effect (inside its interval; after its call for a call that never returned). */
  readonly point: number;
  readonly applies: boolean;
}

/**
 * Jepsen-style timing, shared by the bench's history generators so their
 * histories stay comparable: each client calls, waits 1-20 ticks for the
 * answer, then calls again after 0-4 ticks; an operation that never returns
 * takes effect (or not) at some point after its call, and its client is
 * retired. Each completed operation takes effect at a random instant of its
 * interval. Calls come in call order.
 *
 * Gotcha: it draws from `draw` in a fixed order, and each generator draws
 * its inputs after it, so a change here changes every generated history.
 */
export function timeline(draw: (n: number) => number, shape: TimelineShape): TimedCall[] {
  const free = Array.from({ length: shape.clients }, () => draw(5));
  const ids = Array.from({ length: shape.clients }, (_, i) => i);
  let nextId = shape.clients;
  const calls: TimedCall[] = [];
  for (let k = 0; k < shape.operations; k++) {
    let slot = 0;
    for (let c = 1; c < shape.clients; c++) if ((free[c] as number) < (free[slot] as number)) slot = c;
    const call = free[slot] as number;
    const duration = 1 + draw(20);
    const pending = draw(100) < shape.pendingPercent;
    const point = call + draw(duration + 1) + draw(1000) / 1000;
    calls.push({ client: ids[slot] as number, call, ret: pending ? null : call + duration + 1, point, applies: !pending || draw(2) === 0 });
    free[slot] = call + duration + 2 + draw(5);
    if (pending) ids[slot] = nextId++;
  }
  return calls;
}

/** The calls' indices in the order they take effect (ties by call order): the order a generator applies them to its model. */
export function effectOrder(calls: readonly TimedCall[]): number[] {
  return calls.map((_, i) => i).sort((a, b) => (calls[a] as TimedCall).point - (calls[b] as TimedCall).point || a - b);
}

/** The history of a timeline: each call with its input, and its output where it returned. */
export function timedOperations<Input, Output>(calls: readonly TimedCall[], answers: { readonly inputs: readonly Input[]; readonly outputs: readonly Output[] }): Operation<Input, Output>[] {
  return calls.map((c, i) => ({ client: c.client, call: c.call, return: c.ret, input: answers.inputs[i] as Input, output: c.ret === null ? null : (answers.outputs[i] as Output) }));
}
