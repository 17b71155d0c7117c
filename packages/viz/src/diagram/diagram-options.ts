import type { Story } from "../story/story.js";

/** Options of {@link renderDiagram}. */
export interface DiagramOptions {
  /**
   * Which stretch of simulated time to draw: `"story"` (default) from the
   * story's first step to the violation (or the run's end), `"all"` the
   * whole run, or explicit bounds in milliseconds.
   */
  readonly window?: "story" | "all" | { readonly from: number; readonly to: number };
  /**
   * Most messages drawn as arrows (default 40). The ones that changed
   * something (the receiver reacted with an observation, or the sender
   * sent it as it stood for election or took the lead) come first, then
   * lost ones, latest first; the rest are routine traffic (heartbeats) and
   * appear only as small ticks on the sender's lane.
   */
  readonly messagesMax?: number;
  /** Draw a row per client with its operations (default true). */
  readonly clients?: boolean;
  /** The story whose step numbers are drawn as badges (default: `tellStory(run)`). */
  readonly story?: Story;
  /** Gaps with nothing interesting longer than this are squeezed (default 40 ms). */
  readonly idleMs?: number;
  /**
   * Prefix of the SVG's element ids (default `cx-`; characters other than
   * letters, digits, `-` and `_` become `-`): distinct per diagram when
   * several are inlined in one HTML page.
   */
  readonly idPrefix?: string;
}
