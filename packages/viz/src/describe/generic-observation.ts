import { nodeName } from "@cx/check";
import type { NodeId, Observation } from "@cx/sim";
import { valueText } from "../internal/value-text.js";

/**
 * An observation of a kind outside @cx/check's replica vocabulary, as its
 * kind and fields (`s2 booted: boot 2, restoredVersion null`), so a protocol
 * nobody taught this package about still reads.
 */
export function genericObservation(node: NodeId, observation: Observation): string {
  return `${nodeName(node)} ${valueText(observation.kind, 40)}${observationFields(observation)}`;
}

/** `: a 1, b "x"`, the fields other than kind and node (empty when there are none). */
export function observationFields(observation: Observation): string {
  const fields = Object.entries(observation as unknown as Record<string, unknown>).filter(([key]) => key !== "kind" && key !== "node");
  if (fields.length === 0) return "";
  return `: ${fields.map(([key, value]) => `${valueText(key, 30)} ${valueText(value)}`).join(", ")}`;
}
