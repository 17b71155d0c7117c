import type { ReplicaObservation } from "./replica-observation.js";

type Fields = Readonly<Record<string, unknown>>;

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const isNumberOrNull = (value: unknown): boolean => value === null || isNumber(value);
const VOTE_NUMBERS = ["term", "candidate", "lastLogIndex", "lastLogTerm", "candidateLastLogIndex", "candidateLastLogTerm"] as const;

/** Whether the fields other than `kind` and `node` have the shapes {@link ReplicaObservation} gives them. */
function fieldsFit(o: Fields): boolean {
  switch (o["kind"]) {
    case "role":
      return (o["role"] === "follower" || o["role"] === "candidate" || o["role"] === "leader") && isNumber(o["term"]) && (o["status"] === undefined || typeof o["status"] === "string");
    case "appended":
      return isNumber(o["index"]) && isNumber(o["term"]) && typeof o["id"] === "string";
    case "truncated":
      return isNumber(o["fromIndex"]);
    case "committed":
      return isNumber(o["index"]) && isNumber(o["term"]);
    case "applied":
      return isNumber(o["index"]) && typeof o["id"] === "string" && isNumberOrNull(o["client"]) && isNumberOrNull(o["seq"]) && typeof o["effect"] === "boolean";
    case "restarted":
      return isNumber(o["term"]) && isNumber(o["logLength"]);
    case "voted":
      return VOTE_NUMBERS.every((key) => isNumber(o[key])) && typeof o["candidateLogBehind"] === "boolean";
    default:
      return false;
  }
}

/**
 * A protocol's observation as a {@link ReplicaObservation}, or `null` when it
 * is not one: the one recogniser every cx tool uses. It checks every field,
 * not only `kind`, so another protocol's observation that happens to share
 * a kind name (with other fields) is not misread.
 *
 * When to use: reading a simulator trace, whose observations are any
 * protocol's `{ kind: string }`. Pass the trace event's `node` when the
 * protocol leaves it out of the observation: the result then carries it.
 *
 * Gotchas: returns the same object when it already carries the node (no
 * copy); a copy with `node` filled in otherwise.
 *
 * @example
 * ```ts
 * const known = recogniseReplicaObservation(event.observation, event.node);
 * if (known?.kind === "role") console.log(known.role, known.term);
 * ```
 */
export function recogniseReplicaObservation(observation: { readonly kind: string }, node?: number): ReplicaObservation | null {
  const o = observation as Fields;
  if (!fieldsFit(o)) return null;
  const own = o["node"];
  if (isNumber(own) && (node === undefined || own === node)) return observation as ReplicaObservation;
  if (node === undefined) return null;
  return { ...observation, node } as ReplicaObservation;
}

/**
 * Whether a protocol's observation is one of the {@link ReplicaObservation}s,
 * node included: {@link recogniseReplicaObservation} as a type guard.
 *
 * When to use: filtering a trace's observations in a test or a tool.
 *
 * @example
 * ```ts
 * const roles = trace.filter((e) => e.kind === "observation" && isReplicaObservation(e.observation) && e.observation.kind === "role");
 * ```
 */
export function isReplicaObservation(observation: { readonly kind: string }): observation is ReplicaObservation {
  return recogniseReplicaObservation(observation) !== null;
}
