import { describe, expect, it } from "vitest";
import { RaftNode, type LogEntry, type RaftBugName, type RaftMessage } from "../src/index.js";
import { FakeContext } from "./fixtures/fake-context.js";

const entry = (term: number, client: number, seq: number): LogEntry => ({ term, id: `c${client}#${seq} write ${client}.${seq}`, client, seq, input: { op: "write", value: `${client}.${seq}` } });

function node(options: { id?: number; size?: number; bugs?: RaftBugName[]; term?: number; votedFor?: number | null; log?: LogEntry[] } = {}): { n: RaftNode; ctx: FakeContext } {
  const stored = options.term === undefined && options.log === undefined ? undefined : { term: options.term ?? 0, votedFor: options.votedFor ?? null, log: options.log ?? [] };
  const ctx = new FakeContext(options.id ?? 0, options.size ?? 3, stored);
  return { n: new RaftNode(ctx, new Set(options.bugs ?? [])), ctx };
}

const vote = (term: number, candidate: number, last: { index: number; term: number } = { index: 0, term: 0 }): RaftMessage => ({
  type: "RequestVote",
  term,
  candidate,
  lastLogIndex: last.index,
  lastLogTerm: last.term,
});

function append(term: number, prev: { index: number; term: number }, entries: LogEntry[]): RaftMessage {
  return { type: "AppendEntries", term, leader: 1, prevLogIndex: prev.index, prevLogTerm: prev.term, entries, leaderCommit: 0 };
}

function granted(ctx: FakeContext): boolean[] {
  return ctx.take().flatMap(({ message }) => (message.type === "Vote" ? [message.granted] : []));
}

describe("RaftNode elections", () => {
  it("grants one vote per term, persisting it before answering, and denies a second candidate", () => {
    const { n, ctx } = node();
    n.onMessage(1, vote(1, 1));
    expect(ctx.stored).toMatchObject({ term: 1, votedFor: 1 });
    n.onMessage(2, vote(1, 2));
    expect(granted(ctx)).toEqual([true, false]);
  });

  it("vote_twice_in_term: the second candidate of the term gets a vote too", () => {
    const { n, ctx } = node({ bugs: ["vote_twice_in_term"] });
    n.onMessage(1, vote(1, 1));
    n.onMessage(2, vote(1, 2));
    expect(granted(ctx)).toEqual([true, true]);
  });

  it("denies a candidate whose log is less up-to-date (the election restriction), unless no_log_up_to_date_check", () => {
    const log = [entry(1, 0, 1), entry(2, 0, 2)];
    const correct = node({ term: 2, log });
    correct.n.onMessage(1, vote(3, 1, { index: 5, term: 1 }));
    expect(granted(correct.ctx)).toEqual([false]);
    const buggy = node({ term: 2, log, bugs: ["no_log_up_to_date_check"] });
    buggy.n.onMessage(1, vote(3, 1, { index: 5, term: 1 }));
    expect(granted(buggy.ctx)).toEqual([true]);
  });

  it("restores term, vote and log after a restart; forget_vote_on_restart loses the vote", () => {
    const log = [entry(1, 0, 1)];
    const correct = node({ term: 4, votedFor: 2, log });
    expect([correct.n.currentTerm, correct.n.votedFor, correct.n.log.length]).toEqual([4, 2, 1]);
    correct.n.onMessage(1, vote(4, 1, { index: 1, term: 1 }));
    expect(granted(correct.ctx)).toEqual([false]);
    const buggy = node({ term: 4, votedFor: 2, log, bugs: ["forget_vote_on_restart"] });
    buggy.n.onMessage(1, vote(4, 1, { index: 1, term: 1 }));
    expect(granted(buggy.ctx)).toEqual([true]);
  });

  it("with every draw 0, s0 times out first and wins with one vote of three", () => {
    const { n, ctx } = node();
    expect(ctx.timers.get("election")).toBe(150);
    ctx.time = 150;
    n.onTimer("election");
    expect(n.role).toBe("candidate");
    expect(ctx.take().map((s) => s.message.type)).toEqual(["RequestVote", "RequestVote"]);
    n.onMessage(1, { type: "Vote", term: 1, granted: true });
    expect(n.role).toBe("leader");
    expect(node({ id: 2 }).ctx.timers.get("election")).toBe(200);
  });

  it("steps down to follower on any message of a higher term", () => {
    const { n, ctx } = node();
    ctx.time = 150;
    n.onTimer("election");
    n.onMessage(1, { type: "AppendReply", term: 7, success: false, matchIndex: 0, hint: 0 });
    expect([n.role, n.currentTerm, n.votedFor]).toEqual(["follower", 7, null]);
  });
});

describe("RaftNode replication", () => {
  it("rejects a mismatched prevLogTerm with a hint at the first index of the conflicting term", () => {
    const { n, ctx } = node({ term: 3, log: [entry(1, 0, 1), entry(2, 0, 2), entry(2, 0, 3)] });
    n.onMessage(1, append(3, { index: 3, term: 3 }, []));
    expect(ctx.take().at(-1)?.message).toMatchObject({ type: "AppendReply", success: false, hint: 2 });
  });

  it("keeps matching entries when a delayed, shorter AppendEntries arrives (truncate_on_every_append erases them)", () => {
    const a = entry(1, 0, 1);
    const b = entry(1, 0, 2);
    for (const [bugs, length] of [[[], 2], [["truncate_on_every_append"], 1]] as const) {
      const { n } = node({ bugs: [...bugs] });
      n.onMessage(1, append(1, { index: 0, term: 0 }, [a, b]));
      n.onMessage(1, append(1, { index: 0, term: 0 }, [a]));
      expect(n.log.length, bugs.join()).toBe(length);
    }
  });

  it("rejects AppendEntries from a lower term; accept_stale_leader takes it and overwrites", () => {
    const current = [entry(5, 0, 1)];
    const correct = node({ term: 5, log: current });
    correct.n.onMessage(1, append(3, { index: 0, term: 0 }, [entry(3, 1, 1)]));
    expect(correct.n.log[0]?.term).toBe(5);
    const buggy = node({ term: 5, log: current, bugs: ["accept_stale_leader"] });
    buggy.n.onMessage(1, append(3, { index: 0, term: 0 }, [entry(3, 1, 1)]));
    expect(buggy.n.log[0]?.term).toBe(3);
  });

  it("a leader commits an old-term entry only through an entry of its own term (commit_any_term does not wait)", () => {
    for (const [bugs, commit] of [[[], 0], [["commit_any_term"], 1]] as const) {
      const { n, ctx } = node({ term: 1, log: [entry(1, 0, 1)], bugs: [...bugs] });
      ctx.time = 200;
      n.onTimer("election");
      n.onMessage(1, { type: "Vote", term: 2, granted: true });
      expect(n.role).toBe("leader");
      n.onMessage(1, { type: "AppendReply", term: 2, success: true, matchIndex: 1, hint: 0 });
      expect(n.commitIndex, bugs.join()).toBe(commit);
    }
  });
});

describe("RaftNode clients", () => {
  function leader(bugs: RaftBugName[] = []): { n: RaftNode; ctx: FakeContext } {
    const made = node({ bugs });
    made.ctx.time = 150;
    made.n.onTimer("election");
    made.n.onMessage(1, { type: "Vote", term: 1, granted: true });
    made.ctx.take();
    return made;
  }
  const write = (seq: number) => ({ client: 0, seq, input: { op: "write" as const, value: `0.${seq}` } });

  it("answers after the entry is committed and applied; a retry appended twice takes effect once", () => {
    const { n, ctx } = leader();
    n.onClientRequest(write(1));
    n.onClientRequest(write(1));
    expect(ctx.replies).toEqual([]);
    n.onMessage(1, { type: "AppendReply", term: 1, success: true, matchIndex: 2, hint: 0 });
    expect(ctx.observations.filter((o) => o.kind === "applied").map((o) => (o as unknown as { effect: boolean }).effect)).toEqual([true, false]);
    expect(ctx.replies.map((r) => r.response)).toEqual([
      { kind: "ok", output: null },
      { kind: "ok", output: null },
    ]);
  });

  it("no_client_dedup applies the retry a second time", () => {
    const { n, ctx } = leader(["no_client_dedup"]);
    n.onClientRequest(write(1));
    n.onClientRequest(write(1));
    n.onMessage(1, { type: "AppendReply", term: 1, success: true, matchIndex: 2, hint: 0 });
    expect(ctx.observations.filter((o) => o.kind === "applied").map((o) => (o as unknown as { effect: boolean }).effect)).toEqual([true, true]);
  });

  it("reads go through the log; stale_local_read answers at once from local state", () => {
    const correct = leader();
    correct.n.onClientRequest({ client: 1, seq: 1, input: { op: "read" } });
    expect(correct.ctx.replies).toEqual([]);
    expect(correct.n.log).toHaveLength(1);
    const buggy = leader(["stale_local_read"]);
    buggy.n.onClientRequest({ client: 1, seq: 1, input: { op: "read" } });
    expect(buggy.ctx.replies.map((r) => r.response)).toEqual([{ kind: "ok", output: null }]);
    expect(buggy.n.log).toHaveLength(0);
  });

  it("a follower redirects to the leader it knows, and holds the request while it knows none", () => {
    const { n, ctx } = node({ id: 2 });
    n.onClientRequest(write(1));
    expect(ctx.replies).toEqual([]);
    n.onMessage(1, append(1, { index: 0, term: 0 }, []));
    expect(ctx.replies.map((r) => r.response)).toEqual([{ kind: "redirect", leaderHint: 1 }]);
  });
});

describe("a Raft node's self-check", () => {
  it("fails loudly, naming the state, when the node's own bookkeeping goes back or past itself", () => {
    const { n } = node({ term: 3, log: [entry(1, 0, 1)] });
    n.onMessage(1, { type: "Vote", term: 3, granted: false });
    // What a bug in the node's code would leave behind: an applied index past the commit index.
    n.lastApplied = 1;
    expect(() => n.onMessage(1, { type: "Vote", term: 3, granted: false })).toThrow(/raft node 0 after Vote: applied up to 1, past the commit index 0/);
    const fresh = node({ term: 3 }).n;
    fresh.onTimer("heartbeat");
    fresh.currentTerm = 2;
    expect(() => fresh.onTimer("heartbeat")).toThrow(expect.objectContaining({ name: "RaftSelfCheckError", message: "raft node 0 after timer heartbeat: term went back from 3 to 2" }));
  });

  it("ignores an acknowledgement of entries the leader does not hold, so its match index stays inside its log", () => {
    const { n, ctx } = node({ size: 3 });
    ctx.time = 150;
    n.onTimer("election");
    n.onMessage(1, { type: "Vote", term: n.currentTerm, granted: true });
    n.onClientRequest({ client: 0, seq: 1, input: { op: "write", value: "a" } });
    n.onMessage(1, { type: "AppendReply", term: n.currentTerm, success: true, matchIndex: 5, hint: 0 });
    expect(n.commitIndex).toBe(0);
    n.onMessage(1, { type: "AppendReply", term: n.currentTerm, success: true, matchIndex: 1, hint: 0 });
    expect(n.commitIndex).toBe(1);
  });

  it("holds through a correct leader's election and a replicated write, where the leader's match and next indices are checked", () => {
    const { n, ctx } = node({ size: 3 });
    ctx.time = 150;
    n.onTimer("election");
    expect(n.role).toBe("candidate");
    n.onMessage(1, { type: "Vote", term: n.currentTerm, granted: true });
    expect(n.role).toBe("leader");
    n.onClientRequest({ client: 0, seq: 1, input: { op: "write", value: "a" } });
    n.onMessage(1, { type: "AppendReply", term: n.currentTerm, success: true, matchIndex: 1, hint: 0 });
    expect([n.commitIndex, n.lastApplied]).toEqual([1, 1]);
  });
});
