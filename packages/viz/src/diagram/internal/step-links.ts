import type { TraceEvent } from "@cx/sim";
import type { Story } from "../../story/story.js";
import type { DrawnMessage } from "./pick-messages.js";

/** What a shape stands for in the story: the steps of some trace events, the events of a drawn message. */
export interface StepLinks {
  /** The story steps (numbers, ascending) these trace events belong to. */
  readonly of: (events: readonly number[]) => number[];
  /** The trace events a drawn message stands for. */
  readonly messageEvents: (m: DrawnMessage) => number[];
}

/** `data-steps="3 5"` for an element that stands for those story steps; nothing when none. */
export function linked(steps: readonly number[]): Record<string, string> {
  return steps.length === 0 ? {} : { "data-steps": steps.join(" ") };
}

/**
 * Which story steps each trace event belongs to, and which events a drawn
 * message stands for: what made the receiver react on arrival (its
 * observations at that step), and the role change it was sent in.
 */
export function stepLinks(story: Story, trace: readonly TraceEvent[]): StepLinks {
  const byEvent = new Map<number, number[]>();
  for (const step of story.steps) for (const index of step.traceEvents) byEvent.set(index, [...(byEvent.get(index) ?? []), step.number]);
  const observations = new Map<string, number[]>();
  trace.forEach((event, index) => {
    if (event.kind !== "observation") return;
    const key = `${event.step}:${event.node}`;
    observations.set(key, [...(observations.get(key) ?? []), index]);
  });
  return {
    of: (events) => [...new Set(events.flatMap((index) => byEvent.get(index) ?? []))].sort((a, b) => a - b),
    messageEvents: (m) => [...(m.arrivalStep === null ? [] : (observations.get(`${m.arrivalStep}:${m.to}`) ?? [])), ...(m.score === 2 ? (observations.get(`${m.sendStep}:${m.from}`) ?? []) : [])],
  };
}
