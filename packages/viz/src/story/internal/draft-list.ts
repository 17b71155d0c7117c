import type { TraceEvent } from "@cx/sim";
import type { StoryStepKind } from "../story.js";
import type { Draft } from "./draft.js";

// Log events of one entry on several nodes merge when this close in time.
const MERGE_WINDOW_MS = 50;
const MERGE_LOOKBACK = 8;

/** What a new draft says; the rest of the draft starts from its trace event. */
export interface DraftFields {
  kind: StoryStepKind;
  nodes: number[];
  /** A `StoryPriority`. */
  priority: number;
  say: (draft: Draft) => string;
  mergeKey?: string;
  adjacentOnly?: boolean;
  mergeWindowMs?: number;
  termLow?: number;
  entry?: number;
  id?: string;
  role?: string;
}

/** The drafts of a story in trace order, a repeated thing merged into its recent draft as it is added. */
export class DraftList {
  readonly drafts: Draft[] = [];

  /** Adds a draft, or folds it into a recent one with the same merge key. */
  add(event: TraceEvent, fields: DraftFields): Draft {
    const draft: Draft = {
      kind: fields.kind,
      time: event.time,
      timeEnd: event.time,
      step: event.step,
      nodes: fields.nodes,
      mergeKey: fields.mergeKey ?? null,
      adjacentOnly: fields.adjacentOnly ?? false,
      mergeWindowMs: fields.mergeWindowMs ?? (fields.adjacentOnly === true ? Infinity : MERGE_WINDOW_MS),
      priority: fields.priority,
      termLow: fields.termLow ?? 0,
      termHigh: fields.termLow ?? 0,
      low: fields.entry ?? 0,
      high: fields.entry ?? 0,
      ids: fields.id === undefined ? [] : [fields.id],
      applied: null,
      detail: "",
      role: fields.role ?? "",
      events: 1,
      sources: [event],
      say: fields.say,
    };
    if (draft.mergeKey !== null) {
      const lookback = draft.adjacentOnly ? 1 : MERGE_LOOKBACK;
      for (let i = this.drafts.length - 1; i >= Math.max(0, this.drafts.length - lookback); i--) {
        const earlier = this.drafts[i] as Draft;
        if (earlier.mergeKey !== draft.mergeKey) continue;
        if (draft.time - earlier.timeEnd > draft.mergeWindowMs) continue;
        earlier.nodes = [...new Set([...earlier.nodes, ...draft.nodes])].sort((a, b) => a - b);
        earlier.timeEnd = Math.max(earlier.timeEnd, draft.time);
        earlier.termLow = Math.min(earlier.termLow, draft.termLow);
        earlier.termHigh = Math.max(earlier.termHigh, draft.termHigh);
        earlier.priority = Math.max(earlier.priority, draft.priority);
        earlier.events++;
        earlier.sources.push(event);
        return earlier;
      }
    }
    this.drafts.push(draft);
    return draft;
  }
}
