import type { ChoiceSource } from "../choices/choice-source.js";
import { mixFeature, startFeature } from "../toolkit/feature-hash.js";
import type { ClusterView } from "../world/cluster-view.js";

/** A coverage probe: one opaque feature, or several, per sampled cluster state. */
export type CoverageProbe<Node> = (cluster: ClusterView<Node>) => number | readonly number[];

/**
 * A protocol's abstract state: a short tuple of small integers that names
 * the state a person would draw on a whiteboard (for Raft: the gap between
 * terms, whether a leader's commit index covers entries of older terms,
 * whether two logs hold conflicting suffixes), never raw terms or indices.
 */
export type AbstractStateProbe<Node> = (cluster: ClusterView<Node>) => readonly number[];

// Tags far from the group tags protocol probes use, so abstract-state features never equal a probe's.
const STATE = 0x5ab57a7e;

/** What {@link createCoverageRecorder} returns: the probe to hand the world (it returns only the features the run reaches for the first time), and where each feature was first reached. */
export interface CoverageRecorder<Node> {
  /** The combined probe, or `undefined` when neither probe was given (the world then samples nothing). */
  readonly probe: ((cluster: ClusterView<Node>) => readonly number[]) | undefined;
  /** For each distinct feature in first-seen order (the world's `coverage` order), the choice position when it was first reached. */
  readonly positions: number[];
}

/**
 * Combines a protocol's coverage probe and its abstract-state probe into
 * the one probe the world samples, and notes the choice position at which
 * each feature was first reached. The probe returns only the features new
 * to the run (most samples repeat a state), in a buffer it reuses.
 *
 * Details: the abstract state adds one feature per sample, a hash of the
 * whole tuple (so each distinct abstract state is one feature). The
 * positions let a search return to a state: replaying a run's first
 * `position` choices rebuilds the cluster exactly as it was when the
 * feature was reached.
 *
 * When to use: inside `runScenario`; exported for tests and other drivers.
 *
 * @example
 * ```ts
 * const recorder = createCoverageRecorder(raftCoverage, raftAbstractState, choices);
 * // hand recorder.probe to the world; recorder.positions[i] goes with coverage[i]
 * ```
 */
export function createCoverageRecorder<Node>(coverage: CoverageProbe<Node> | undefined, abstractState: AbstractStateProbe<Node> | undefined, choices: ChoiceSource): CoverageRecorder<Node> {
  const positions: number[] = [];
  if (coverage === undefined && abstractState === undefined) return { probe: undefined, positions };
  const seen = new Set<number>();
  // Only features new to this run leave the probe: the world would drop the others, and most samples repeat a state.
  const fresh: number[] = [];
  const note = (feature: number): void => {
    if (seen.has(feature)) return;
    seen.add(feature);
    fresh.push(feature);
    positions.push(choices.position);
  };
  const probe = (cluster: ClusterView<Node>): readonly number[] => {
    fresh.length = 0;
    if (coverage !== undefined) {
      const sampled = coverage(cluster);
      if (typeof sampled === "number") note(sampled);
      else for (let i = 0; i < sampled.length; i++) note(sampled[i] as number);
    }
    if (abstractState !== undefined) {
      const values = abstractState(cluster);
      let state = startFeature(STATE, cluster.size);
      for (let i = 0; i < values.length; i++) state = mixFeature(state, values[i] as number);
      note(state >>> 0);
    }
    return fresh;
  };
  return { probe, positions };
}
