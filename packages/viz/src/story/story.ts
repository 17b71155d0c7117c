import type { Violation } from "@cx/sim";

/** What a story step is about; renderers may style by it. */
export type StoryStepKind =
  | "leader"
  | "step-down"
  /** A node's status of the protocol's own words changed within one role (`s2 is now recovering in view 4`). */
  | "status"
  | "election"
  | "crash"
  | "vote"
  | "restart"
  | "partition"
  | "heal"
  /** The nodes' clocks, when the run drew clocks that are not perfect (`s1's clock runs 1.0% fast`). */
  | "clock"
  /** A node's clock jumped forward or back (`s2's clock jumps 300 ms back`). */
  | "clock-jump"
  | "calm"
  | "appended"
  | "truncated"
  | "committed"
  | "applied"
  | "client-call"
  | "client-response"
  | "client-give-up"
  | "observation"
  /** Liveness: where every node stood when progress was judged to have stopped. */
  | "summary"
  | "violation";

/**
 * One numbered step. `text` is plain, unescaped text (it may quote anything
 * a protocol or a client put in the run): renderers escape it.
 */
export interface StoryStep {
  /** 1, 2, 3, ...: what the diagram's badges show too. */
  readonly number: number;
  readonly kind: StoryStepKind;
  /** Simulated time of the first event in the step. */
  readonly time: number;
  /** Simulated time of the last event it stands for (equal to `time` for a single event). */
  readonly timeEnd: number;
  /** Index of the event-queue step of the first event. */
  readonly step: number;
  /** The nodes involved, ascending (empty for network-wide or client steps). */
  readonly nodes: readonly number[];
  /** `s0 becomes leader in term 3`. */
  readonly text: string;
  /** How many trace events the step stands for (more than 1 once repetition is collapsed). */
  readonly events: number;
  /** Less important steps left out just before this one (0 when none): renderers mark the gap. */
  readonly leftOutBefore: number;
  /**
   * Positions in `run.trace` of the events the step stands for, ascending
   * (empty for the violation, which is not a trace event of the story): what
   * the diagram marks with `data-steps` so a page can link the two.
   */
  readonly traceEvents: readonly number[];
}

/**
 * The numbered story of a run: only the events that explain its failure,
 * repetition collapsed, ending with the violation at the exact moment the
 * property broke.
 *
 * Gotchas: report a story's length as `stepsTotal`; `steps` (and
 * `stepsShown`) stop at the display cap.
 *
 * @example
 * ```ts
 * const story = tellStory(run);
 * console.log(`${story.stepsTotal} steps, ${story.stepsShown} shown`);
 * ```
 */
export interface Story {
  readonly protocol: string;
  readonly clusterSize: number;
  /** One-line headline: `Election Safety violated at t=347: ...` or `no violation`. */
  readonly headline: string;
  readonly steps: readonly StoryStep[];
  readonly violation: Violation | null;
  /** Log indices the story follows (from the violation's subjects, or the most recent ones). */
  readonly entries: readonly number[];
  /**
   * Every step of the story, the violation included, counted after
   * repetition was folded and before the `maxSteps` display cap: the figure
   * to report as the story's length.
   */
  readonly stepsTotal: number;
  /** Steps shown (`steps.length`): at most `maxSteps`. */
  readonly stepsShown: number;
  /**
   * Steps left out to stay within `maxSteps` (the least important, earliest
   * first): `stepsTotal - stepsShown`.
   */
  readonly stepsLeftOut: number;
  /** Trace events the story stands for, and how many the trace held up to its end. */
  readonly eventsShown: number;
  readonly eventsTotal: number;
}

/** Options of {@link tellStory}. */
export interface StoryOptions {
  /**
   * Most steps to show (default 15), a display cap only: when more steps
   * matter, the least important and earliest are left out (and counted in
   * `stepsTotal`); the violation always stays.
   */
  readonly maxSteps?: number;
  /** Log indices to follow, instead of those the violation's subjects name. */
  readonly entries?: readonly number[];
}
