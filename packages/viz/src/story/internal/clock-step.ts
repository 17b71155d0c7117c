import type { TraceEvent } from "@cx/sim";
import { clockText } from "../../describe/clock-text.js";
import type { DraftList } from "./draft-list.js";
import type { Draft } from "./draft.js";

type ClockEvent = Extract<TraceEvent, { kind: "clock" }>;

/**
 * The nodes' drawn clocks, all in one step before the first boot (one
 * sentence each): how far each has strayed from the world by the story's
 * end says whether a timeout or a lease could have misjudged it.
 */
export class ClockStep {
  /** The step, once the first clock is drawn, and the clocks it tells. */
  private clocks: { draft: Draft; events: ClockEvent[] } | null = null;

  /** `endTime`: when the story ends (the violation, or the run's end), for how far a drifting clock has strayed by then. */
  constructor(
    private readonly steps: DraftList,
    private readonly endTime: number,
  ) {}

  /** Tells one more node's clock, at `priority` (a `StoryPriority`); the step takes the highest of its clocks'. */
  add(event: ClockEvent, priority: number): void {
    if (this.clocks === null) {
      const events = [event];
      const draft = this.steps.add(event, { kind: "clock", nodes: [event.node], priority, say: () => events.map((e) => clockText(e, this.endTime)).join("; ") });
      this.clocks = { draft, events };
      return;
    }
    const { draft, events } = this.clocks;
    events.push(event);
    draft.nodes = [...new Set([...draft.nodes, event.node])].sort((a, b) => a - b);
    draft.priority = Math.max(draft.priority, priority);
    draft.events++;
    draft.sources.push(event);
  }
}
