import { nodeName, recogniseReplicaObservation, type ReplicaObservation, type ReplicaRole } from "@cx/check";
import type { NodeId, Observation, ProtocolWords, StorageFault, TraceEvent } from "@cx/sim";
import { clockJumpText } from "../../describe/clock-text.js";
import { responseText } from "../../describe/describe-event.js";
import { genericObservation, observationFields } from "../../describe/generic-observation.js";
import { nodeList } from "../../internal/node-list.js";
import { valueText } from "../../internal/value-text.js";
import { ClockStep } from "./clock-step.js";
import { entriesText, idsText, StoryPriority, type Draft } from "./draft.js";
import { DraftList } from "./draft-list.js";
import type { Focus } from "./focus.js";
import { finalCommitOf, StalledEntries } from "./stalled-entries.js";
import { StoryWords, type StoryRole } from "./story-words.js";

/** ` (3 times)` when one node repeated what the step says. */
const timesText = (draft: Draft): string => {
  const times = Math.round(draft.events / Math.max(1, draft.nodes.length));
  return times > 1 ? ` (${times} times)` : "";
};

type Known<Kind extends ReplicaObservation["kind"]> = Extract<ReplicaObservation, { kind: Kind }>;

const plural = (draft: Draft, one: string, many: string): string => (draft.nodes.length > 1 ? many : one);

/** What the storage layer found at a restart, in words. */
const STORAGE_FAULT_TEXT: Readonly<Record<StorageFault, string>> = {
  corrupt: "what it had synced reads back corrupt (a checksum mismatch)",
  unreadable: "its disk cannot read what it had synced (a latent read error)",
};

/** Walks the trace once, keeping state (roles, commit indices) and drafting steps. */
export class Teller {
  private readonly steps = new DraftList();
  private readonly roles = new Map<NodeId, { role: StoryRole; term: number; status: string | undefined }>();
  /** Whom each node voted for, by `node:term`: a second, different vote is worth telling. */
  private readonly votes = new Map<string, number>();
  private readonly commits = new Map<NodeId, number>();
  private readonly operations = new Map<string, string>();
  private readonly kindCounts = new Map<string, number>();
  private readonly rareMax: number;
  /** The restart (or calm phase) of this step absorbs the boot-time observations of these nodes. */
  private absorbing: { step: number; draft: Draft; nodes: Set<NodeId> } | null = null;

  /** Log length per node, once an append or a restart made it known. */
  private readonly logLengths = new Map<NodeId, number>();
  /** The highest commit index any node reached so far. */
  private clusterCommit = 0;
  private readonly clusterSize: number;
  /** Liveness: the highest index ever committed; the story is about why nothing followed it. */
  private readonly finalCommit: number;
  /** Liveness: the one step gathering every entry appended past `finalCommit`. */
  private readonly stalled: StalledEntries;

  private readonly focus: Focus;
  private readonly trace: readonly TraceEvent[];
  private readonly violationStep: number;
  private readonly liveness: boolean;
  private readonly words: ProtocolWords;
  private readonly wording: StoryWords;
  /** The one step telling every node's drawn clock. */
  private readonly clocks: ClockStep;

  constructor(setup: { clusterSize: number; focus: Focus; trace: readonly TraceEvent[]; violationStep: number; words: ProtocolWords; endTime: number }) {
    this.words = setup.words;
    this.wording = new StoryWords(setup.words);
    this.clocks = new ClockStep(this.steps, setup.endTime);
    this.focus = setup.focus;
    this.trace = setup.trace;
    this.violationStep = setup.violationStep;
    this.liveness = setup.focus.liveness;
    this.clusterSize = setup.clusterSize;
    this.stalled = new StalledEntries(this.steps, setup.clusterSize);
    this.finalCommit = finalCommitOf(setup.trace);
    const trace = setup.trace;
    this.rareMax = setup.clusterSize;
    for (const event of trace) {
      if (event.kind === "observation" && recogniseReplicaObservation(event.observation, event.node) === null) {
        this.kindCounts.set(event.observation.kind, (this.kindCounts.get(event.observation.kind) ?? 0) + 1);
      }
    }
  }

  tell(): Draft[] {
    for (const event of this.trace) this.event(event);
    if (this.liveness && this.trace.length > 0) this.stallSummary(this.trace[this.trace.length - 1] as TraceEvent);
    return this.steps.drafts;
  }

  /** Liveness: where every node stood when the check gave up, so the reader sees what stalled. */
  private stallSummary(last: TraceEvent): void {
    const nodes: string[] = [];
    for (let node = 0; node < this.clusterSize; node++) {
      const role = this.roles.get(node);
      const length = this.logLengths.get(node);
      const what = role?.role === "leader" ? ` (${this.wording.roleName(role)} of ${this.wording.epoch(role.term)})` : role?.role === "down" ? " (down)" : "";
      nodes.push(`${nodeName(node)}${what} ${length === undefined ? "has an unknown log" : `has ${length} entr${length === 1 ? "y" : "ies"}`}`);
    }
    const leaders = [...this.roles.values()].filter((r) => r.role === "leader").length;
    // The summary stands for the run's end, not for its last event: it points at nothing in the diagram.
    const summary = this.steps.add(last, {
      kind: "summary",
      nodes: [],
      priority: StoryPriority.Summary,
      say: () => `in the end nothing is committed past entry ${this.finalCommit}${leaders === 0 ? " and no node leads" : ""}: ${nodes.join(", ")}`,
    });
    summary.sources = [];
  }

  private event(event: TraceEvent): void {
    if (this.absorbing !== null && this.absorbing.step !== event.step) this.absorbing = null;
    switch (event.kind) {
      case "observation":
        return this.observation(event.node, event.observation, event);
      case "crash": {
        const was = this.roles.get(event.node);
        this.roles.set(event.node, { role: "down", term: was?.term ?? 0, status: undefined });
        this.commits.delete(event.node);
        const whileLeader = was?.role === "leader" ? ` while ${this.wording.roleName(was)} of ${this.wording.epoch(was.term)}` : "";
        this.steps.add(event, { kind: "crash", nodes: [event.node], priority: StoryPriority.Turn, say: () => `${nodeName(event.node)} crashes${whileLeader} (down for ${event.downMs} ms)${event.lostUnsynced === true ? ", losing what it had written but not synced" : ""}` });
        return;
      }
      case "restart": {
        this.roles.delete(event.node);
        if (this.absorbing?.draft.kind === "calm" && event.storageFault === undefined) {
          this.absorbing.nodes.add(event.node);
          this.absorbing.draft.events++;
          this.absorbing.draft.sources.push(event);
          return;
        }
        // A disk that failed the node is a turn of the story: it starts as if it had never run.
        const fault = event.storageFault === undefined ? "" : `; ${STORAGE_FAULT_TEXT[event.storageFault]}, so it starts as if its disk were blank`;
        const draft = this.steps.add(event, {
          kind: "restart",
          nodes: [event.node],
          priority: fault === "" ? StoryPriority.Background : StoryPriority.Turn,
          say: (d) => `${nodeName(event.node)} restarts${d.detail}${fault}`,
        });
        this.absorbing = { step: event.step, draft, nodes: new Set([event.node]) };
        return;
      }
      case "partition":
        this.steps.add(event, { kind: "partition", nodes: [], priority: StoryPriority.Turn, say: () => `network partition: ${event.shape}` });
        return;
      case "clock":
        return this.clocks.add(event, this.clockPriority(event.node));
      case "clock-jump":
        this.steps.add(event, { kind: "clock-jump", nodes: [event.node], priority: this.clockPriority(event.node), say: () => clockJumpText(event) });
        return;
      case "heal":
        if (this.absorbing?.draft.kind === "calm") {
          this.absorbing.draft.events++;
          this.absorbing.draft.sources.push(event);
          return;
        }
        this.steps.add(event, { kind: "heal", nodes: [], priority: StoryPriority.Background, say: () => "the partition heals" });
        return;
      case "phase": {
        const draft = this.steps.add(event, { kind: "calm", nodes: [], priority: StoryPriority.Background, say: () => "calm phase begins: faults stop, the network heals, crashed nodes restart" });
        this.absorbing = { step: event.step, draft, nodes: new Set() };
        return;
      }
      case "client-call":
        return this.clientCall(event);
      case "client-response": {
        const key = `${event.client}#${event.seq}`;
        if (!this.focus.operations.has(key) || event.response.kind !== "ok") return;
        const operation = this.operations.get(key) ?? `operation ${event.seq}`;
        const unplaceable = this.focus.unplaceable.has(key);
        const note = unplaceable ? ": no order of the client history explains this answer" : "";
        this.steps.add(event, {
          kind: "client-response",
          nodes: [event.node],
          priority: unplaceable ? StoryPriority.Suspect : StoryPriority.Subject,
          say: () => `client ${event.client}'s ${operation} returns ${responseText(event.response)} (from ${nodeName(event.node)})${note}`,
        });
        return;
      }
      case "client-give-up": {
        const key = `${event.client}#${event.seq}`;
        if (!this.focus.operations.has(key)) return;
        const operation = this.operations.get(key) ?? `operation ${event.seq}`;
        this.steps.add(event, { kind: "client-give-up", nodes: [], priority: StoryPriority.Subject, say: () => `client ${event.client} gives up on ${operation}: its outcome is unknown` });
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
    this.steps.add(event, {
      kind: "client-call",
      nodes: [event.node],
      priority: StoryPriority.Subject,
      mergeKey: `call:${key}`,
      mergeWindowMs: Infinity,
      say: (d) =>
        d.events === 1 ? `client ${event.client} calls ${event.operation} on ${nodeName(event.node)}` : `client ${event.client} calls ${event.operation}, trying ${nodeList(d.nodes)} over ${d.events} attempts`,
    });
  }

  private observation(node: NodeId, observation: Observation, event: TraceEvent): void {
    const known = recogniseReplicaObservation(observation, node);
    if (known === null) return this.unknownObservation(node, observation, event);
    switch (known.kind) {
      case "voted":
        return this.vote(node, known, event);
      case "restarted":
        return this.restarted(node, known, event);
      case "role":
        return this.role(node, known, event);
      case "appended":
        return this.appended(node, known, event);
      case "truncated":
        return this.truncated(node, known, event);
      case "committed":
        return this.committed(node, known, event);
      case "applied":
        return this.applied(node, known, event);
    }
  }

  /** The restart (or calm phase) draft of this step that absorbs `node`'s boot-time observations, if any. */
  private absorbingFor(node: NodeId): { step: number; draft: Draft; nodes: Set<NodeId> } | null {
    return this.absorbing !== null && this.absorbing.nodes.has(node) ? this.absorbing : null;
  }

  /** An observation kind this package does not know: kept when rare or at the violation, folded into a restart at boot. */
  private unknownObservation(node: NodeId, observation: Observation, event: TraceEvent): void {
    const absorbing = this.absorbingFor(node);
    const count = this.kindCounts.get(observation.kind) ?? 0;
    const atViolation = event.step === this.violationStep;
    if (absorbing !== null && !atViolation) {
      absorbing.draft.detail += `; ${valueText(observation.kind, 40)}${observationFields(observation)}`;
      absorbing.draft.events++;
      absorbing.draft.sources.push(event);
      return;
    }
    if (count > this.rareMax && !atViolation) return;
    const what = `${valueText(observation.kind, 40)}${observationFields(observation)}`;
    this.steps.add(event, {
      kind: "observation",
      nodes: [node],
      priority: atViolation ? StoryPriority.AtViolation : StoryPriority.Routine,
      mergeKey: `observation:${what}`,
      say: (d) => (d.nodes.length === 1 ? genericObservation(node, observation) : `${nodeList(d.nodes)} ${what}`),
    });
  }

  /** A node rebooted: folded into the restart step when there is one. */
  private restarted(node: NodeId, known: Known<"restarted">, event: TraceEvent): void {
    const absorbing = this.absorbingFor(node);
    this.roles.set(node, { role: "follower", term: known.term, status: undefined });
    if (absorbing !== null) {
      if (absorbing.draft.kind === "restart") absorbing.draft.detail += ` with ${this.wording.epoch(known.term)} and ${known.logLength} log entr${known.logLength === 1 ? "y" : "ies"}`;
      absorbing.draft.events++;
      absorbing.draft.sources.push(event);
      return;
    }
    this.steps.add(event, { kind: "restart", nodes: [node], priority: StoryPriority.Background, say: () => `${nodeName(node)} restarts with ${this.wording.epoch(known.term)} and ${known.logLength} log entries` });
  }

  /** An entry appended: told when the story follows it; for liveness, past the last commit, it joins the stall. */
  private appended(node: NodeId, known: Known<"appended">, event: TraceEvent): void {
    this.logLengths.set(node, Math.max(this.logLengths.get(node) ?? 0, known.index));
    if (this.liveness && known.index > this.finalCommit) return this.stalled.add(node, known.index, event);
    if (!this.focus.entries.has(known.index)) return;
    this.steps.add(event, {
      kind: "appended",
      nodes: [node],
      priority: StoryPriority.Subject,
      termLow: known.term,
      entry: known.index,
      id: known.id,
      mergeKey: `appended:${known.index}:${known.term}:${known.id}`,
      say: (d) => `${nodeList(d.nodes)} ${plural(d, "appends", "append")} ${entriesText(d.low, d.high)} (${this.wording.epoch(d.termLow)}, ${idsText(d.ids, d.high - d.low + 1)})`,
    });
  }

  /** A truncation: told when it erased something the story follows (for liveness, anything). */
  private truncated(node: NodeId, known: Known<"truncated">, event: TraceEvent): void {
    const length = this.logLengths.get(node);
    if (length !== undefined) this.logLengths.set(node, Math.min(length, known.fromIndex - 1));
    // A truncation matters when it erased something the story follows (or,
    // for liveness, anything at all); with the log length unknown, assume it did.
    const erasedUpTo = length ?? Infinity;
    const relevant = this.liveness ? erasedUpTo >= known.fromIndex : [...this.focus.entries].some((index) => index >= known.fromIndex && index <= erasedUpTo);
    if (!relevant) return;
    const committedNote = this.liveness && known.fromIndex <= this.clusterCommit ? `, below the commit index ${this.clusterCommit}` : "";
    const draft = this.steps.add(event, {
      kind: "truncated",
      nodes: [node],
      priority: this.liveness ? StoryPriority.Suspect : StoryPriority.Subject,
      entry: known.fromIndex,
      mergeKey: `truncated:${known.fromIndex}`,
      say: (d) =>
        `${nodeList(d.nodes)} ${plural(d, "truncates its", "truncate their")} log from entry ${d.low === d.high ? d.low : `${d.low}-${d.high}`}${timesText(d)}${d.detail}`,
    });
    // Of repeated truncations, name the one that erased the most: usually the one that hurt.
    const erased = length !== undefined && length >= known.fromIndex ? `, erasing ${entriesText(known.fromIndex, length)}${committedNote}` : "";
    if (erased.length > draft.detail.length) draft.detail = erased;
  }

  /** A commit advance: told when it covers an entry the story follows (for liveness, the last one). */
  private committed(node: NodeId, known: Known<"committed">, event: TraceEvent): void {
    const before = this.commits.get(node) ?? 0;
    this.commits.set(node, Math.max(before, known.index));
    this.clusterCommit = Math.max(this.clusterCommit, known.index);
    // Liveness: the commits that reached the last index ever committed, where progress stopped.
    const wanted = this.liveness ? before < this.finalCommit && known.index >= this.finalCommit : [...this.focus.entries].some((index) => index > before && index <= known.index);
    if (!wanted) return;
    this.steps.add(event, {
      kind: "committed",
      nodes: [node],
      priority: this.liveness ? StoryPriority.Suspect : StoryPriority.Subject,
      termLow: known.term,
      entry: known.index,
      mergeKey: `committed:${known.index}:${known.term}`,
      say: (d) => {
        const applied = d.applied === null ? "" : `, applying ${entriesText(d.applied.low, d.applied.high)} (${idsText(d.applied.ids, d.applied.high - d.applied.low + 1)})`;
        return `${nodeList(d.nodes)} ${plural(d, "commits", "commit")} up to entry ${d.high} (in ${this.wording.epochs(d)})${applied}${this.liveness ? ": the last commit of the run" : ""}`;
      },
    });
  }

  /** An entry applied: told when it is an entry or an operation the story follows. */
  private applied(node: NodeId, known: Known<"applied">, event: TraceEvent): void {
    const operation = known.client === null ? "" : `${known.client}#${known.seq}`;
    if (!this.focus.entries.has(known.index) && !this.focus.operations.has(operation)) return;
    const draft = this.steps.add(event, {
      kind: "applied",
      nodes: [node],
      priority: StoryPriority.Subject,
      entry: known.index,
      id: known.id,
      mergeKey: `applied:${known.index}:${known.id}:${known.effect}`,
      say: (d) => `${nodeList(d.nodes)} ${plural(d, "applies", "apply")} ${entriesText(d.low, d.high)} (${idsText(d.ids, d.high - d.low + 1)})${d.detail}`,
    });
    if (!known.effect) draft.detail = " as a duplicate, without effect";
  }

  private role(node: NodeId, change: { role: ReplicaRole; term: number; status?: string }, event: TraceEvent): void {
    const { role, term } = change;
    const status = change.status;
    const before = this.roles.get(node);
    const now = { role, term, status };
    this.roles.set(node, now);
    if (before?.role === role && before.term === term && before.status === status) return;
    const name = this.wording.roleName(now);
    const sameRole = before?.role === role && before.term === term;
    if (role === "leader" && !sameRole) {
      this.steps.add(event, { kind: "leader", nodes: [node], priority: StoryPriority.Turn, termLow: term, role: name, say: () => `${nodeName(node)} becomes ${name} in ${this.wording.epoch(term)}` });
    } else if (role === "candidate" && !sameRole) {
      const [one, many] = this.words.campaign;
      this.steps.add(event, {
        kind: "election",
        nodes: [node],
        priority: StoryPriority.Routine,
        termLow: term,
        role: name,
        mergeKey: "election",
        adjacentOnly: true,
        say: (d) => `${nodeList(d.nodes)} ${plural(d, one, many)} in ${this.wording.epochs(d)}`,
      });
    } else if (role === "follower" && before?.role === "leader") {
      this.steps.add(event, { kind: "step-down", nodes: [node], priority: StoryPriority.Background, say: () => `${nodeName(node)} steps down: a ${name} in ${this.wording.epoch(term)} (it led ${this.wording.epoch(before.term)})` });
    } else if (status !== undefined && status !== before?.status) {
      // A status of the protocol's own (VR's `recovering`) within one role: worth a line, as a turn of the node's state.
      this.steps.add(event, { kind: "status", nodes: [node], priority: StoryPriority.Background, termLow: term, role: name, say: () => `${nodeName(node)} is now ${name} in ${this.wording.epoch(term)}` });
    }
  }

  /** A clock is a turn of the story when the violation names its node, or names none; otherwise background. */
  private clockPriority(node: NodeId): number {
    return this.focus.nodes.size === 0 || this.focus.nodes.has(node) ? StoryPriority.Turn : StoryPriority.Background;
  }

  /**
   * A granted vote, told only in a term the violation names: it shows who
   * made that term's leader, a second vote in the same term, and a vote for
   * a candidate whose log was behind the voter's (the protocol says so in
   * `candidateLogBehind`; this package knows no election rule).
   */
  private vote(node: NodeId, vote: Known<"voted">, event: TraceEvent): void {
    const key = `${node}:${vote.term}`;
    const earlier = this.votes.get(key);
    this.votes.set(key, vote.candidate);
    if (!this.focus.terms.has(vote.term)) return;
    const behind = vote.candidateLogBehind;
    const [supports, support, supporting] = this.words.support;
    const epoch = this.words.epoch;
    const notes = [
      ...(earlier !== undefined && earlier !== vote.candidate ? [`after ${supporting} ${nodeName(earlier)} in the same ${epoch}`] : []),
      ...(behind ? [`though ${nodeName(vote.candidate)}'s log (${vote.candidateLastLogIndex} entries, last ${epoch} ${vote.candidateLastLogTerm}) is behind its own (${vote.lastLogIndex}, last ${epoch} ${vote.lastLogTerm})`] : []),
    ];
    const candidate = nodeName(vote.candidate);
    const note = notes.length === 0 ? "" : `, ${notes.join(", ")}`;
    this.steps.add(event, {
      kind: "vote",
      nodes: [node],
      priority: notes.length === 0 ? StoryPriority.Background : StoryPriority.Subject,
      termLow: vote.term,
      // Plain votes for one candidate fold into one step; a telling vote stands alone.
      ...(notes.length === 0 ? { mergeKey: `vote:${vote.term}:${vote.candidate}` } : {}),
      say: (d) => `${nodeList(d.nodes)} ${plural(d, supports, support)} ${candidate} in ${this.wording.epoch(vote.term)}${note}`,
    });
  }
}
