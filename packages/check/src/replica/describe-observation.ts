import { nodeName } from "./node-name.js";
import type { ReplicaObservation } from "./replica-observation.js";

const entries = (count: number): string => `${count} log entr${count === 1 ? "y" : "ies"}`;

/**
 * A replica observation in words: `s0 becomes leader in term 3`,
 * `s1 commits up to entry 4 (in term 3)`. The one sentence per kind that
 * every cx tool prints (trace dumps, tooltips, stories).
 *
 * When to use: rendering traces and counterexamples for people. The words
 * are stable enough for snapshots but are not a format to parse: a
 * violation's subjects and the observation's fields are the data.
 *
 * Gotchas: plain text; an entry id may hold anything a protocol put in it,
 * so escape the result for markup.
 *
 * @example
 * ```ts
 * describeObservation({ kind: "role", node: 0, role: "leader", term: 3 }); // "s0 becomes leader in term 3"
 * ```
 */
export function describeObservation(observation: ReplicaObservation): string {
  const who = nodeName(observation.node);
  switch (observation.kind) {
    case "role":
      if (observation.role === "leader") return `${who} becomes leader in term ${observation.term}`;
      return observation.role === "candidate" ? `${who} stands for election in term ${observation.term}` : `${who} is a follower in term ${observation.term}`;
    case "appended":
      return `${who} appends entry ${observation.index} (term ${observation.term}, ${observation.id})`;
    case "truncated":
      return `${who} truncates its log from entry ${observation.fromIndex}`;
    case "committed":
      return `${who} commits up to entry ${observation.index} (in term ${observation.term})`;
    case "applied":
      return `${who} applies entry ${observation.index} (${observation.id})${observation.effect ? "" : " as a duplicate, without effect"}`;
    case "restarted":
      return `${who} restarts with term ${observation.term} and ${entries(observation.logLength)}`;
    case "voted": {
      const candidate = nodeName(observation.candidate);
      return `${who} votes for ${candidate} in term ${observation.term}${observation.candidateLogBehind ? `, though ${candidate}'s log is behind ${who}'s` : ""}`;
    }
  }
}
