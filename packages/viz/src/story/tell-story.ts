import type { NodeId, Observation, TraceEvent } from "@cx/sim";
import { genericObservation, observationFields } from "../describe/describe-observation.js";
import { responseText } from "../describe/describe-event.js";
import { nodeList, nodeName, valueText } from "../internal/node-name.js";
import { recognise } from "../internal/replica-kinds.js";
import type { RecordedRun } from "../recorded-run.js";
import { findFocus, type Focus } from "./internal/focus.js";
import type { Story, StoryOptions, StoryStep, StoryStepKind } from "./story.js";

const DEFAULT_MAX_STEPS = 15;
// Log events of one entry on several nodes merge when this close in time.
const MERGE_WINDOW_MS = 50;
const MERGE_LOOKBACK = 3;

/** A step before numbering; mutable while repetition is being folded into it. */
interface Draft {
  kind: StoryStepKind;
  time: number;
  timeEnd: number;
  step: number;
  nodes: number[];
  /** Which drafts are one repeated thing (null: never merged). */
  mergeKey: string | null;
  /** Merge only with an immediately preceding draft (elections in a row). */
  adjacentOnly: boolean;
  /** Merge only with a draft that ended at most this long before. */
  mergeWindowMs: number;
  /** 0 (left out first) .. 9 (the violation, never left out). */
  priority: number;
  termLow: number;
  termHigh: number;
  detail: string;
  events: number;
  say: (draft: Draft) => string;
}

type Role = "follower" | "candidate" | "leader" | "down";

const plural = (draft: Draft, one: string, many: string): string => (draft.nodes.length > 1 ? many : one);
const terms = (draft: Draft): string => (draft.termLow === draft.termHigh ? `term ${draft.termLow}` : `terms ${draft.termLow}-${draft.termHigh}`);

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
 * Details: log events are kept for the entries the violation message names
 * (`entry 3`, `index 4`, `entries 2-4`, or entries holding a `c1#4`
 * operation); if it names none, for the two most recently touched indices.
 * For linearizability failures, the operations the witness names
 * (`client 1 [200, 350]`) are followed from call to return. Observation
 * kinds this package does not know are kept when rare (at most the
 * cluster size, e.g. boots) and rendered as kind and fields. Messages and
 * timers are never steps: the diagram shows them.
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
  const drafts = new Teller({ clusterSize: run.clusterSize, focus, trace, violationStep: violation?.step ?? -1 }).tell();
  if (violation !== null) {
    drafts.push({
      kind: "violation",
      time: violation.time,
      timeEnd: violation.time,
      step: violation.step,
      nodes: [],
      mergeKey: null,
      adjacentOnly: false,
      mergeWindowMs: 0,
      priority: 9,
      termLow: 0,
      termHigh: 0,
      detail: "",
      events: 1,
      say: () => `${violation.invariant} violated: ${firstLine(violation.message)}`,
    });
  }
  const kept = leaveOut(drafts, maxSteps);
  const steps: StoryStep[] = kept.map((draft, i) => ({
    number: i + 1,
    kind: draft.kind,
    time: draft.time,
    timeEnd: draft.timeEnd,
    step: draft.step,
    nodes: draft.nodes,
    text: draft.say(draft),
    events: draft.events,
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
    stepsLeftOut: drafts.length - kept.length,
    eventsShown: steps.reduce((sum, s) => sum + s.events, 0),
    eventsTotal: trace.length + (violation === null ? 0 : 1),
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

/** Drops the least important drafts, earliest first, until `maxSteps` remain. */
function leaveOut(drafts: readonly Draft[], maxSteps: number): Draft[] {
  const kept = [...drafts];
  while (kept.length > maxSteps) {
    let victim = -1;
    for (let i = 0; i < kept.length; i++) {
      const draft = kept[i] as Draft;
      if (draft.priority >= 9) continue;
      if (victim < 0 || draft.priority < (kept[victim] as Draft).priority) victim = i;
    }
    if (victim < 0) break;
    kept.splice(victim, 1);
  }
  return kept;
}

/** Walks the trace once, keeping state (roles, commit indices) and drafting steps. */
class Teller {
  private readonly drafts: Draft[] = [];
  private readonly roles = new Map<NodeId, { role: Role; term: number }>();
  private readonly commits = new Map<NodeId, number>();
  private readonly operations = new Map<string, string>();
  private readonly kindCounts = new Map<string, number>();
  private readonly rareMax: number;
  /** The restart (or calm phase) of this step absorbs the boot-time observations of these nodes. */
  private absorbing: { step: number; draft: Draft; nodes: Set<NodeId> } | null = null;

  private readonly focus: Focus;
  private readonly trace: readonly TraceEvent[];
  private readonly violationStep: number;

  constructor(setup: { clusterSize: number; focus: Focus; trace: readonly TraceEvent[]; violationStep: number }) {
    this.focus = setup.focus;
    this.trace = setup.trace;
    this.violationStep = setup.violationStep;
    const trace = setup.trace;
    this.rareMax = setup.clusterSize;
    for (const event of trace) {
      if (event.kind === "observation" && recognise(event.observation) === null) {
        this.kindCounts.set(event.observation.kind, (this.kindCounts.get(event.observation.kind) ?? 0) + 1);
      }
    }
  }

  tell(): Draft[] {
    for (const event of this.trace) this.event(event);
    return this.drafts;
  }

  private event(event: TraceEvent): void {
    if (this.absorbing !== null && this.absorbing.step !== event.step) this.absorbing = null;
    switch (event.kind) {
      case "observation":
        return this.observation(event.node, event.observation, event);
      case "crash": {
        const was = this.roles.get(event.node);
        this.roles.set(event.node, { role: "down", term: was?.term ?? 0 });
        this.commits.delete(event.node);
        const whileLeader = was?.role === "leader" ? ` while leader of term ${was.term}` : "";
        this.add(event, { kind: "crash", nodes: [event.node], priority: 3, say: () => `${nodeName(event.node)} crashes${whileLeader} (down for ${event.downMs} ms)` });
        return;
      }
      case "restart": {
        this.roles.delete(event.node);
        if (this.absorbing?.draft.kind === "calm") {
          this.absorbing.nodes.add(event.node);
          this.absorbing.draft.events++;
          return;
        }
        const draft = this.add(event, { kind: "restart", nodes: [event.node], priority: 2, say: (d) => `${nodeName(event.node)} restarts${d.detail}` });
        this.absorbing = { step: event.step, draft, nodes: new Set([event.node]) };
        return;
      }
      case "partition":
        this.add(event, { kind: "partition", nodes: [], priority: 3, say: () => `network partition: ${event.shape}` });
        return;
      case "heal":
        if (this.absorbing?.draft.kind === "calm") {
          this.absorbing.draft.events++;
          return;
        }
        this.add(event, { kind: "heal", nodes: [], priority: 2, say: () => "the partition heals" });
        return;
      case "phase": {
        const draft = this.add(event, { kind: "calm", nodes: [], priority: 2, say: () => "calm phase begins: faults stop, the network heals, crashed nodes restart" });
        this.absorbing = { step: event.step, draft, nodes: new Set() };
        return;
      }
      case "client-call":
        return this.clientCall(event);
      case "client-response": {
        const key = `${event.client}#${event.seq}`;
        if (!this.focus.operations.has(key) || event.response.kind !== "ok") return;
        const operation = this.operations.get(key) ?? `operation ${event.seq}`;
        this.add(event, { kind: "client-response", nodes: [event.node], priority: 4, say: () => `client ${event.client}'s ${operation} returns ${responseText(event.response)} (from ${nodeName(event.node)})` });
        return;
      }
      case "client-give-up": {
        const key = `${event.client}#${event.seq}`;
        if (!this.focus.operations.has(key)) return;
        const operation = this.operations.get(key) ?? `operation ${event.seq}`;
        this.add(event, { kind: "client-give-up", nodes: [], priority: 4, say: () => `client ${event.client} gives up on ${operation}: its outcome is unknown` });
        return;
      }
      case "send":
      case "deliver":
      case "timer":
      case "violation":
        return;
    }
  }

  private clientCall(event: Extract<TraceEvent, { kind: "client-call" }>): void {
    const key = `${event.client}#${event.seq}`;
    this.operations.set(key, event.operation);
    if (!this.focus.operations.has(key)) return;
    this.add(event, {
      kind: "client-call",
      nodes: [event.node],
      priority: 4,
      mergeKey: `call:${key}`,
      mergeWindowMs: Infinity,
      say: (d) =>
        d.events === 1 ? `client ${event.client} calls ${event.operation} on ${nodeName(event.node)}` : `client ${event.client} calls ${event.operation}, trying ${nodeList(d.nodes)} over ${d.events} attempts`,
    });
  }

  private observation(node: NodeId, observation: Observation, event: TraceEvent): void {
    const known = recognise(observation);
    const absorbing = this.absorbing !== null && this.absorbing.nodes.has(node) ? this.absorbing : null;
    if (known === null) {
      const count = this.kindCounts.get(observation.kind) ?? 0;
      const atViolation = event.step === this.violationStep;
      if (absorbing !== null && !atViolation) {
        absorbing.draft.detail += `; ${valueText(observation.kind, 40)}${observationFields(observation)}`;
        absorbing.draft.events++;
        return;
      }
      if (count > this.rareMax && !atViolation) return;
      const what = `${valueText(observation.kind, 40)}${observationFields(observation)}`;
      this.add(event, {
        kind: "observation",
        nodes: [node],
        priority: atViolation ? 5 : 1,
        mergeKey: `observation:${what}`,
        say: (d) => (d.nodes.length === 1 ? genericObservation(node, observation) : `${nodeList(d.nodes)} ${what}`),
      });
      return;
    }
    switch (known.kind) {
      case "restarted":
        this.roles.set(node, { role: "follower", term: known.term });
        if (absorbing !== null) {
          if (absorbing.draft.kind === "restart") absorbing.draft.detail += ` with term ${known.term} and ${known.logLength} log entr${known.logLength === 1 ? "y" : "ies"}`;
          absorbing.draft.events++;
          return;
        }
        this.add(event, { kind: "restart", nodes: [node], priority: 2, say: () => `${nodeName(node)} restarts with term ${known.term} and ${known.logLength} log entries` });
        return;
      case "role":
        return this.role(node, known, event);
      case "appended":
        if (!this.focus.entries.has(known.index)) return;
        this.add(event, {
          kind: "appended",
          nodes: [node],
          priority: 4,
          mergeKey: `appended:${known.index}:${known.term}:${known.id}`,
          say: (d) => `${nodeList(d.nodes)} ${plural(d, "appends", "append")} entry ${known.index} (term ${known.term}, ${known.id})`,
        });
        return;
      case "truncated":
        if (![...this.focus.entries].some((index) => index >= known.fromIndex)) return;
        this.add(event, {
          kind: "truncated",
          nodes: [node],
          priority: 4,
          mergeKey: `truncated:${known.fromIndex}`,
          say: (d) => `${nodeList(d.nodes)} ${plural(d, "truncates its", "truncate their")} log from entry ${known.fromIndex}`,
        });
        return;
      case "committed": {
        const before = this.commits.get(node) ?? 0;
        this.commits.set(node, Math.max(before, known.index));
        if (![...this.focus.entries].some((index) => index > before && index <= known.index)) return;
        this.add(event, {
          kind: "committed",
          nodes: [node],
          priority: 4,
          mergeKey: `committed:${known.index}:${known.term}`,
          say: (d) => `${nodeList(d.nodes)} ${plural(d, "commits", "commit")} up to entry ${known.index} (in term ${known.term})`,
        });
        return;
      }
      case "applied": {
        const operation = known.client === null ? "" : `${known.client}#${known.seq}`;
        if (!this.focus.entries.has(known.index) && !this.focus.operations.has(operation)) return;
        this.add(event, {
          kind: "applied",
          nodes: [node],
          priority: 4,
          mergeKey: `applied:${known.index}:${known.id}:${known.effect}`,
          say: (d) => `${nodeList(d.nodes)} ${plural(d, "applies", "apply")} entry ${known.index} (${known.id})${known.effect ? "" : " as a duplicate, without effect"}`,
        });
        return;
      }
    }
  }

  private role(node: NodeId, change: { role: "follower" | "candidate" | "leader"; term: number }, event: TraceEvent): void {
    const { role, term } = change;
    const before = this.roles.get(node);
    this.roles.set(node, { role, term });
    if (before?.role === role && before.term === term) return;
    if (role === "leader") {
      this.add(event, { kind: "leader", nodes: [node], priority: 3, termLow: term, say: () => `${nodeName(node)} becomes leader in term ${term}` });
    } else if (role === "candidate") {
      this.add(event, {
        kind: "election",
        nodes: [node],
        priority: 1,
        termLow: term,
        mergeKey: "election",
        adjacentOnly: true,
        say: (d) => `${nodeList(d.nodes)} ${plural(d, "stands", "stand")} for election in ${terms(d)}`,
      });
    } else if (before?.role === "leader") {
      this.add(event, { kind: "step-down", nodes: [node], priority: 2, say: () => `${nodeName(node)} steps down: a follower in term ${term} (it led term ${before.term})` });
    }
  }

  /** Adds a draft, or folds it into a recent one with the same merge key. */
  private add(
    event: TraceEvent,
    fields: { kind: StoryStepKind; nodes: number[]; priority: number; say: (draft: Draft) => string; mergeKey?: string; adjacentOnly?: boolean; mergeWindowMs?: number; termLow?: number },
  ): Draft {
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
      detail: "",
      events: 1,
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
        return earlier;
      }
    }
    this.drafts.push(draft);
    return draft;
  }
}
