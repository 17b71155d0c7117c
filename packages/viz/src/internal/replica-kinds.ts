import type { Observation } from "@cx/sim";

// Structural recognisers for @cx/check's ReplicaObservation. They check
// every field, not only `kind`: another protocol may emit a kind of the same
// name with other fields, and that must render generically, not crash.

type Fields = Readonly<Record<string, unknown>>;

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const isNumberOrNull = (value: unknown): boolean => value === null || isNumber(value);

/** A role change (leader, candidate, follower) in a term. */
export interface RoleObservation {
  readonly kind: "role";
  readonly role: "follower" | "candidate" | "leader";
  readonly term: number;
}
export interface AppendedObservation {
  readonly kind: "appended";
  readonly index: number;
  readonly term: number;
  readonly id: string;
}
export interface TruncatedObservation {
  readonly kind: "truncated";
  readonly fromIndex: number;
}
export interface CommittedObservation {
  readonly kind: "committed";
  readonly index: number;
  readonly term: number;
}
export interface AppliedObservation {
  readonly kind: "applied";
  readonly index: number;
  readonly id: string;
  readonly client: number | null;
  readonly seq: number | null;
  readonly effect: boolean;
}
export interface RestartedObservation {
  readonly kind: "restarted";
  readonly term: number;
  readonly logLength: number;
}

export interface VotedObservation {
  readonly kind: "voted";
  readonly term: number;
  readonly candidate: number;
  readonly lastLogIndex: number;
  readonly lastLogTerm: number;
  readonly candidateLastLogIndex: number;
  readonly candidateLastLogTerm: number;
}

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
