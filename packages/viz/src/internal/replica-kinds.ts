import type { ReplicaObservation } from "@cx/check";
import type { Observation } from "@cx/sim";

// Structural recognisers for @cx/check's ReplicaObservation. They check
// every field, not only `kind`: another protocol may emit a kind of the same
// name with other fields, and that must render generically, not crash.

type Fields = Readonly<Record<string, unknown>>;

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const isNumberOrNull = (value: unknown): boolean => value === null || isNumber(value);

// The shapes are @cx/check's vocabulary, without `node` (the trace event
// carries it): one definition, so a new kind there shows up here as a type error.
type Without<Kind extends ReplicaObservation["kind"]> = Omit<Extract<ReplicaObservation, { kind: Kind }>, "node">;
export type RoleObservation = Without<"role">;
export type AppendedObservation = Without<"appended">;
export type TruncatedObservation = Without<"truncated">;
export type CommittedObservation = Without<"committed">;
export type AppliedObservation = Without<"applied">;
export type RestartedObservation = Without<"restarted">;
export type VotedObservation = Without<"voted">;

/** A replica observation whose fields all check out, or `null` for anything else. */
export type KnownObservation = RoleObservation | AppendedObservation | TruncatedObservation | CommittedObservation | AppliedObservation | RestartedObservation | VotedObservation;

export function recognise(observation: Observation): KnownObservation | null {
  const o = observation as unknown as Fields;
  switch (observation.kind) {
    case "role":
      return (o["role"] === "follower" || o["role"] === "candidate" || o["role"] === "leader") && isNumber(o["term"]) ? (observation as unknown as RoleObservation) : null;
    case "appended":
      return isNumber(o["index"]) && isNumber(o["term"]) && typeof o["id"] === "string" ? (observation as unknown as AppendedObservation) : null;
    case "truncated":
      return isNumber(o["fromIndex"]) ? (observation as unknown as TruncatedObservation) : null;
    case "committed":
      return isNumber(o["index"]) && isNumber(o["term"]) ? (observation as unknown as CommittedObservation) : null;
    case "applied":
      return isNumber(o["index"]) && typeof o["id"] === "string" && isNumberOrNull(o["client"]) && isNumberOrNull(o["seq"]) && typeof o["effect"] === "boolean"
        ? (observation as unknown as AppliedObservation)
        : null;
    case "restarted":
      return isNumber(o["term"]) && isNumber(o["logLength"]) ? (observation as unknown as RestartedObservation) : null;
    case "voted":
      return ["term", "candidate", "lastLogIndex", "lastLogTerm", "candidateLastLogIndex", "candidateLastLogTerm"].every((key) => isNumber(o[key]))
        ? (observation as unknown as VotedObservation)
        : null;
    default:
      return null;
  }
}
