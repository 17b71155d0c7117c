import type { Outcome } from "./target.js";

/**
 * What a guided strategy counts as "new":
 * - `protocol`: the protocol side's coverage (its probe and abstract state),
 *   as every hunt before behaviours existed;
 * - `behaviours`: the run's causal behaviours (@cx/sim's `BehaviourRecorder`:
 *   what each node handled after what, abstracted to roles and kinds),
 *   which know nothing of the protocol;
 * - `both`: either kind of feature.
 *
 * With `behaviours` or `both` the target must record them (@cx/sim's
 * `behaviours: true` in the run spec); an outcome without them counts as
 * reaching nothing new of that kind.
 */
export type Feedback = "protocol" | "behaviours" | "both";

/** Every feedback, in a fixed order. */
export const feedbackNames: readonly Feedback[] = ["protocol", "behaviours", "both"];

/**
 * The outcome as a strategy should see it under `feedback`: its `coverage`
 * (and `coverageAt`) replaced by, or joined with, its behaviours.
 *
 * @example
 * ```ts
 * strategy.observe(proposal, withFeedback(outcome, "behaviours"));
 * ```
 */
export function withFeedback<O extends Outcome>(outcome: O, feedback: Feedback): O {
  if (feedback === "protocol") return outcome;
  const behaviours = outcome.behaviours ?? [];
  const behavioursAt = outcome.behavioursAt ?? behaviours.map(() => 0);
  if (feedback === "behaviours") return { ...outcome, coverage: behaviours, coverageAt: behavioursAt };
  // Joined: behaviour features are hashed under their own tag in @cx/sim, so they do not collide with a probe's.
  const coverageAt = outcome.coverageAt ?? outcome.coverage.map(() => 0);
  return { ...outcome, coverage: [...outcome.coverage, ...behaviours], coverageAt: [...coverageAt, ...behavioursAt] };
}
