import { protocolWords, type TraceEvent, type Violation } from "@cx/sim";
import type { RecordedRun } from "../recorded-run.js";
import { StoryPriority, type Draft } from "./internal/draft.js";
import { findFocus } from "./internal/focus.js";
import { foldDrafts } from "./internal/fold-drafts.js";
import { leaveOut } from "./internal/leave-out.js";
import { Teller } from "./internal/teller.js";
import type { Story, StoryOptions, StoryStep } from "./story.js";

const DEFAULT_MAX_STEPS = 15;

/**
 * Tells the story of a recorded run: numbered steps keeping only what
 * explains the failure (leaders and elections, crashes and restarts,
 * partitions, the log entries and client operations the violation names),
 * repetition collapsed (`s1 and s2 stand for election in terms 4-6`), the
 * violation last, at the exact time and step the property broke.
 *
 * When to use: whenever a person must understand a counterexample: after a
 * hunt, a shrink or a replay. Render it with {@link renderStory} (terminal)
 * or {@link renderStoryMarkdown} (reports). A shrunk counterexample usually
 * reads in 15 steps or fewer.
 *
 * Details: the story follows the violation's `subjects`, never the wording
 * of its message: log events of the entries it names (and of the entries
 * where a named operation was applied), the votes of the terms it names,
 * its client operations from call to return (the one no order can place
 * is marked), and for a liveness failure why nothing committed. A safety
 * violation that names neither entries nor operations gets the two most
 * recently touched indices. Observation kinds this package does not know
 * are kept when rare (at most the cluster size, e.g. boots) and rendered as
 * kind and fields. Messages and timers are never steps: the diagram shows
 * them. `stepsTotal` counts every step before the `maxSteps` display cap,
 * `stepsShown` those shown.
 *
 * Gotchas: needs a trace (`recordTrace: true`): throws on an empty one.
 * Step texts are plain and unescaped: use the renderers, or escape them.
 * A run without a violation gets a story too, ending at its last event.
 *
 * @example
 * ```ts
 * const run = runScenario({ protocol, workload: registerWorkload, choices, recordTrace: true });
 * console.log(renderStory(tellStory(run)));
 * ```
 */
export function tellStory(run: RecordedRun, options: StoryOptions = {}): Story {
  if (run.trace.length === 0) throw new Error("tellStory: the run has no trace; run it with recordTrace: true");
  const maxSteps = Math.max(1, options.maxSteps ?? DEFAULT_MAX_STEPS);
  const violation = run.violation;
  const end = violation === null ? run.trace.length : lastIndexUpTo(run.trace, violation.step);
  const trace = run.trace.slice(0, end);
  const focus = findFocus(violation, trace, options.entries);
  const words = protocolWords(run.vocabulary);
  const drafts = new Teller({ clusterSize: run.clusterSize, focus, trace, violationStep: violation?.step ?? -1, words, endTime: violation?.time ?? run.endTime }).tell();
  if (violation !== null) drafts.push(violationDraft(violation));
  const folded = foldDrafts(drafts);
  const kept = leaveOut(folded, maxSteps);
  const position = new Map(run.trace.map((event, index) => [event, index]));
  const steps: StoryStep[] = kept.map(({ draft, leftOutBefore }, i) => ({
    number: i + 1,
    kind: draft.kind,
    time: draft.time,
    timeEnd: draft.timeEnd,
    step: draft.step,
    nodes: draft.nodes,
    text: draft.say(draft),
    events: draft.events,
    leftOutBefore,
    traceEvents: [...new Set(draft.sources.map((event) => position.get(event) ?? -1))].filter((index) => index >= 0).sort((a, b) => a - b),
  }));
  const headline =
    violation === null ? `no violation: the run ended at t=${run.endTime}` : `${violation.invariant} violated at t=${violation.time} (step ${violation.step}): ${firstLine(violation.message)}`;
  return {
    protocol: run.protocol,
    clusterSize: run.clusterSize,
    headline,
    steps,
    violation,
    entries: [...focus.entries].sort((a, b) => a - b),
    stepsTotal: folded.length,
    stepsShown: kept.length,
    stepsLeftOut: folded.length - kept.length,
    eventsShown: steps.reduce((sum, s) => sum + s.events, 0),
    eventsTotal: trace.length + (violation === null ? 0 : 1),
  };
}

/** The story's last step: the violation, at its exact time and step. */
function violationDraft(violation: Violation): Draft {
  return {
    kind: "violation",
    time: violation.time,
    timeEnd: violation.time,
    step: violation.step,
    nodes: [],
    mergeKey: null,
    adjacentOnly: false,
    mergeWindowMs: 0,
    priority: StoryPriority.Violation,
    termLow: 0,
    termHigh: 0,
    low: 0,
    high: 0,
    ids: [],
    applied: null,
    detail: "",
    role: "",
    events: 1,
    sources: [],
    say: () => `${violation.invariant} violated: ${firstLine(violation.message)}`,
  };
}

/** Events up to and including step `step`, except the violation event itself (told separately). */
function lastIndexUpTo(trace: readonly TraceEvent[], step: number): number {
  let end = 0;
  for (let i = 0; i < trace.length; i++) {
    const event = trace[i] as TraceEvent;
    if (event.step > step || event.kind === "violation") break;
    end = i + 1;
  }
  return end;
}

function firstLine(text: string): string {
  const line = text.split("\n", 1)[0] ?? "";
  return line.length < text.length ? `${line} …` : line;
}
