import { CLOCK_DRAWS_MAX, CLOCKS_SPAN } from "../world/clock-profile.js";
import { SWARM_DRAWS_MAX, SWARM_SPAN } from "../world/swarm-profile.js";
import { HORIZON_SPAN } from "./horizon.js";

/**
 * The layout of a scenario's choices, for search: the spans drawn first,
 * before any event, that set the whole run (cluster size, fault profile,
 * horizon, swarm profile, clocks), and the most draws they take. Search raises or keeps these
 * run-wide settings apart from the per-event decisions that follow.
 *
 * @example
 * ```ts
 * const head = spans.filter((s) => runLayout.settingsSpans.includes(s.label)).reduce((end, s) => Math.max(end, s.end), 0);
 * ```
 */
export const runLayout = {
  /** Labels of the top-level spans drawn before the first event, in order. */
  settingsSpans: ["cluster size", "fault profile", HORIZON_SPAN, SWARM_SPAN, CLOCKS_SPAN] as readonly string[],
  /** The settings span holding the run's length (see `drawHorizon`): larger is longer, so a search that starts over from calm settings can give its faults the most room. */
  horizonSpan: HORIZON_SPAN,
  /** One draw for the cluster size, five fault levels, two for a drawn horizon, up to twelve for a swarm profile, up to eleven for the clocks. */
  settingsDrawsMax: 8 + SWARM_DRAWS_MAX + CLOCK_DRAWS_MAX,
} as const;
