import type { TraceEvent, Violation } from "@cx/sim";
import { recognise } from "../../internal/replica-kinds.js";

/** What a violation is about: the log entries and client operations it names. */
export interface Focus {
  readonly entries: ReadonlySet<number>;
  /** Terms whose leader the violation names (`became leader in term 3`): their votes explain it. */
  readonly terms: ReadonlySet<number>;
  /** Operations as `client#seq`. */
  readonly operations: ReadonlySet<string>;
}

const RANGE_MAX = 32;
const LEADER_TERM = /\bleader (?:in|of) term (\d+)/g;
const ENTRY_LIST = /\b(?:index(?:es)?|indices|entr(?:y|ies))\s+(#?\d+(?:\s*(?:-|–|\.\.|to)\s*\d+)?(?:\s*(?:,|and|or)\s*#?\d+(?:\s*(?:-|–|\.\.|to)\s*\d+)?)*)/gi;
const NUMBER_OR_RANGE = /(\d+)(?:\s*(?:-|–|\.\.|to)\s*(\d+))?/g;
const OPERATION_ID = /\bc(\d+)#(\d+)(?!\d)/g;
// The shape @cx/check's describeResult names operations in: `client 1 [200, 350]`.
const DESCRIBED_OPERATION = /\bclient (\d+) \[(\d+(?:\.\d+)?), (?:\d+(?:\.\d+)?|never returned)\]/g;
// And the shape a monitor's one-line summary uses: `client 1's read -> null [600..624 ms]`.
const SUMMARISED_OPERATION = /\bclient (\d+)'s [^[\n]*\[(\d+(?:\.\d+)?)\.\./g;

/** Entry indices named in a violation message: `entry 3`, `index 4`, `entries 2-4`, `indices 3 and 5`. */
export function entriesNamed(message: string): number[] {
  const found = new Set<number>();
  for (const list of message.matchAll(ENTRY_LIST)) {
    for (const item of (list[1] ?? "").matchAll(NUMBER_OR_RANGE)) {
      const low = Number(item[1]);
      const high = item[2] === undefined ? low : Number(item[2]);
      for (let i = low; i <= Math.min(high, low + RANGE_MAX); i++) found.add(i);
    }
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * Works out what the story should follow. Entries: those the message names,
 * plus those holding a named operation; when there are none, the two most
 * recently touched indices. Operations: `c1#4` ids and linearizability
 * witnesses (`client 1 [200, 350]`, matched to the call at that time).
 */
export function findFocus(violation: Violation | null, trace: readonly TraceEvent[], explicitEntries: readonly number[] | undefined): Focus {
  const message = violation?.message ?? "";
  const operations = new Set<string>();
  for (const match of message.matchAll(OPERATION_ID)) operations.add(`${match[1]}#${match[2]}`);
  const calls = [...message.matchAll(DESCRIBED_OPERATION), ...message.matchAll(SUMMARISED_OPERATION)].map((match) => ({ client: Number(match[1]), call: Number(match[2]) }));
  if (calls.length > 0) {
    for (const event of trace) {
      if (event.kind === "client-call" && event.attempt === 1 && calls.some((c) => c.client === event.client && c.call === event.time)) operations.add(`${event.client}#${event.seq}`);
    }
  }
  const terms = new Set([...message.matchAll(LEADER_TERM)].map((match) => Number(match[1])));
  if (explicitEntries !== undefined) return { entries: new Set(explicitEntries), operations, terms };
  const entries = new Set(entriesNamed(message));
  if (operations.size > 0) {
    for (const event of trace) {
      if (event.kind !== "observation") continue;
      const known = recognise(event.observation);
      if (known?.kind === "applied" && known.client !== null && operations.has(`${known.client}#${known.seq}`)) entries.add(known.index);
      if (known?.kind === "appended") {
        const id = /^c(\d+)#(\d+)(?!\d)/.exec(known.id);
        if (id !== null && operations.has(`${id[1]}#${id[2]}`)) entries.add(known.index);
      }
    }
  }
  // A liveness failure is about the cluster making no progress, not about particular entries.
  const liveness = /liveness/i.test(violation?.invariant ?? "");
  if (entries.size === 0 && operations.size === 0 && !liveness) for (const index of recentIndices(trace, 2)) entries.add(index);
  return { entries, operations, terms };
}

/** The last `count` distinct log indices the trace touched, newest first. */
function recentIndices(trace: readonly TraceEvent[], count: number): number[] {
  const recent: number[] = [];
  for (let i = trace.length - 1; i >= 0 && recent.length < count; i--) {
    const event = trace[i];
    if (event?.kind !== "observation") continue;
    const known = recognise(event.observation);
    const index = known?.kind === "appended" || known?.kind === "committed" || known?.kind === "applied" ? known.index : known?.kind === "truncated" ? known.fromIndex : null;
    if (index !== null && index > 0 && !recent.includes(index)) recent.push(index);
  }
  return recent;
}
