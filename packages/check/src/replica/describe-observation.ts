import type { ReplicaObservation } from "./replica-observation.js";

/**
 * A replica observation in words, for the numbered story of a run:
 * `s0 becomes leader in term 3`, `s1 commits up to 4 (term 3)`.
 *
 * When to use: rendering traces and counterexamples for people. The words
 * are stable enough for snapshots but are not a format to parse.
 *
 * @example
 * ```ts
 * describeObservation({ kind: "role", node: 0, role: "leader", term: 3 }); // "s0 becomes leader in term 3"
 * ```
 */
export function describeObservation(observation: ReplicaObservation): string {
  const s = `s${observation.node}`;
  switch (observation.kind) {
    case "role":
      return observation.role === "candidate" ? `${s} stands for election in term ${observation.term}` : `${s} becomes ${observation.role} in term ${observation.term}`;
    case "appended":
      return `${s} appends entry ${observation.index} (term ${observation.term}: ${observation.id})`;
    case "truncated":
      return `${s} deletes its entries from index ${observation.fromIndex} on`;
    case "committed":
      return `${s} commits up to ${observation.index} (term ${observation.term})`;
    case "applied":
      return observation.effect ? `${s} applies entry ${observation.index} (${observation.id})` : `${s} skips entry ${observation.index} (${observation.id}): already applied`;
    case "restarted":
      return `${s} restarts in term ${observation.term} with ${observation.logLength} entries`;
    case "voted":
      return `${s} votes for s${observation.candidate} in term ${observation.term}`;
  }
}

const KINDS: ReadonlySet<string> = new Set(["role", "appended", "truncated", "committed", "applied", "restarted", "voted"]);

/**
 * Whether a protocol's observation is one of the {@link ReplicaObservation}s.
 *
 * When to use: a simulator trace carries any protocol's observations as
 * `{ kind: string }`; narrow them before describing or checking.
 *
 * Gotchas: it checks the `kind` tag only, and trusts the protocol for the fields.
 *
 * @example
 * ```ts
 * if (isReplicaObservation(event.observation)) story.push(describeObservation(event.observation));
 * ```
 */
export function isReplicaObservation(observation: { readonly kind: string }): observation is ReplicaObservation {
  return KINDS.has(observation.kind) && typeof (observation as { node?: unknown }).node === "number";
}
