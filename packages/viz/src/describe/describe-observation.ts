import type { NodeId, Observation } from "@cx/sim";
import { nodeName, valueText } from "../internal/node-name.js";
import { recognise } from "../internal/replica-kinds.js";

/**
 * One observation as a short sentence: `s0 becomes leader in term 3`,
 * `s1 appends entry 4 (term 2, c1#3 write 1.3)`. Replica observations
 * (@cx/check's vocabulary) get sentences; any other kind is rendered
 * generically as its kind and fields (`s2 booted: boot 2, restoredVersion null`),
 * so a protocol nobody taught this package about still reads.
 *
 * When to use: printing a trace line by line, tooltips, custom reports.
 *
 * Gotchas: the result is plain text and may contain anything a protocol put
 * in its fields: escape it for the medium (`escapeXml`, `escapeMarkdown`).
 *
 * @example
 * ```ts
 * describeObservation(0, { kind: "role", role: "leader", term: 3 }); // "s0 becomes leader in term 3"
 * ```
 */
export function describeObservation(node: NodeId, observation: Observation): string {
  const who = nodeName(node);
  const known = recognise(observation);
  if (known === null) return genericObservation(node, observation);
  switch (known.kind) {
    case "role":
      return known.role === "leader"
        ? `${who} becomes leader in term ${known.term}`
        : known.role === "candidate"
          ? `${who} stands for election in term ${known.term}`
          : `${who} is a follower in term ${known.term}`;
    case "appended":
      return `${who} appends entry ${known.index} (term ${known.term}, ${known.id})`;
    case "truncated":
      return `${who} truncates its log from entry ${known.fromIndex}`;
    case "committed":
      return `${who} commits up to entry ${known.index} (in term ${known.term})`;
    case "applied":
      return `${who} applies entry ${known.index} (${known.id})${known.effect ? "" : " as a duplicate, without effect"}`;
    case "restarted":
      return `${who} restarts with term ${known.term} and ${known.logLength} log entr${known.logLength === 1 ? "y" : "ies"}`;
    case "voted":
      return `${who} votes for ${nodeName(known.candidate)} in term ${known.term}`;
  }
}

/** Kind and fields, for observation kinds without a sentence of their own. */
export function genericObservation(node: NodeId, observation: Observation): string {
  return `${nodeName(node)} ${valueText(observation.kind, 40)}${observationFields(observation)}`;
}

/** `: a 1, b "x"`, the fields other than kind and node (empty when there are none). */
export function observationFields(observation: Observation): string {
  const fields = Object.entries(observation as unknown as Record<string, unknown>).filter(([key]) => key !== "kind" && key !== "node");
  if (fields.length === 0) return "";
  return `: ${fields.map(([key, value]) => `${valueText(key, 30)} ${valueText(value)}`).join(", ")}`;
}
