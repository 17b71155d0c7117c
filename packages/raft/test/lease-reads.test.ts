import { ELECTION_BASE_MS, GeneratedChoices, huntScenarioOverrides } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { leaseProtocolPlugin, RAFT_LEASE_DRIFT_BOUND_PPM, RaftNode, type RaftBugName, type RaftMessage } from "../src/index.js";
import { leaseHoldMs } from "../src/internal/read-lease.js";
import { FakeContext } from "./fixtures/fake-context.js";

const leaseReads = { driftBoundPpm: RAFT_LEASE_DRIFT_BOUND_PPM };
const read = (seq: number) => ({ client: 1, seq, input: { op: "read" as const } });
const write = (seq: number) => ({ client: 0, seq, input: { op: "write" as const, value: `0.${seq}` } });

/** Node 0 of three, elected at 150 ms with node 1's vote; its first write committed by node 1's echo of the stamp it was sent with. */
function leaseLeader(bugs: RaftBugName[] = []): { n: RaftNode; ctx: FakeContext; stampedAt: number } {
  const ctx = new FakeContext(0, 3);
  const n = new RaftNode(ctx, new Set(bugs), { leaseReads });
  ctx.time = ELECTION_BASE_MS;
  n.onTimer("election");
  n.onMessage(1, { type: "Vote", term: 1, granted: true });
  ctx.take();
  ctx.time = 160;
  n.onClientRequest(write(1));
  const sent = ctx.take().map((s) => s.message).find((m): m is Extract<RaftMessage, { type: "AppendEntries" }> => m.type === "AppendEntries");
  expect(sent?.sentAt).toBe(160);
  n.onMessage(1, { type: "AppendReply", term: 1, success: true, matchIndex: 1, hint: 0, sentAt: 160 });
  expect(ctx.replies.map((r) => r.response)).toEqual([{ kind: "ok", output: null }]);
  ctx.replies.length = 0;
  return { n, ctx, stampedAt: 160 };
}

describe("Raft's lease reads", () => {
  it("a leader whose lease runs answers a read at once, with no log round", () => {
    const { n, ctx } = leaseLeader();
    ctx.time = 170;
    n.onClientRequest(read(1));
    expect(ctx.replies.map((r) => r.response)).toEqual([{ kind: "ok", output: "0.1" }]);
    expect(n.log).toHaveLength(1);
  });

  it("the lease runs out after its hold on the leader's clock, and the read then goes through the log", () => {
    const { n, ctx, stampedAt } = leaseLeader();
    ctx.time = stampedAt + leaseHoldMs(RAFT_LEASE_DRIFT_BOUND_PPM, false);
    n.onClientRequest(read(1));
    expect(ctx.replies).toEqual([]);
    expect(n.log).toHaveLength(2);
  });

  it("holds for the election timeout shrunk by the drift bound on both clocks, and lease_ignores_drift holds it whole", () => {
    const bound = RAFT_LEASE_DRIFT_BOUND_PPM / 1e6;
    expect(leaseHoldMs(RAFT_LEASE_DRIFT_BOUND_PPM, false)).toBe(Math.floor((ELECTION_BASE_MS * (1 - bound)) / (1 + bound)) - 1);
    expect(leaseHoldMs(0, false)).toBe(ELECTION_BASE_MS - 1);
    const late = leaseLeader(["lease_ignores_drift"]);
    late.ctx.time = late.stampedAt + ELECTION_BASE_MS - 1;
    late.n.onClientRequest(read(1));
    expect(late.ctx.replies.map((r) => r.response)).toEqual([{ kind: "ok", output: "0.1" }]);
  });

  it("a new leader reads through the log until an entry of its own term is applied", () => {
    const ctx = new FakeContext(0, 3);
    const n = new RaftNode(ctx, new Set(), { leaseReads });
    ctx.time = ELECTION_BASE_MS;
    n.onTimer("election");
    n.onMessage(1, { type: "Vote", term: 1, granted: true });
    n.onMessage(1, { type: "AppendReply", term: 1, success: true, matchIndex: 0, hint: 0, sentAt: ELECTION_BASE_MS });
    n.onClientRequest(read(1));
    expect(ctx.replies).toEqual([]);
    expect(n.log).toHaveLength(1);
  });

  it("a follower that heard from its leader within the election timeout denies a vote and keeps its term; vote_during_lease grants it", () => {
    for (const [bugs, granted] of [[[], false], [["vote_during_lease"], true]] as const) {
      const ctx = new FakeContext(2, 3);
      const n = new RaftNode(ctx, new Set<RaftBugName>(bugs), { leaseReads });
      ctx.time = 400;
      n.onMessage(1, { type: "AppendEntries", term: 1, leader: 1, prevLogIndex: 0, prevLogTerm: 0, entries: [], leaderCommit: 0, sentAt: 399 });
      expect(ctx.take().map((s) => s.message)).toEqual([{ type: "AppendReply", term: 1, success: true, matchIndex: 0, hint: 0, sentAt: 399 }]);
      ctx.time = 400 + ELECTION_BASE_MS - 1;
      n.onMessage(0, { type: "RequestVote", term: 2, candidate: 0, lastLogIndex: 0, lastLogTerm: 0 });
      expect(ctx.take().map((s) => s.message)).toEqual([{ type: "Vote", term: granted ? 2 : 1, granted }]);
      expect(n.currentTerm).toBe(granted ? 2 : 1);
    }
  });

  it("a node denies votes for an election timeout after it boots, and grants them after", () => {
    const ctx = new FakeContext(2, 3, { term: 3, votedFor: null, log: [] });
    ctx.time = 1000;
    const n = new RaftNode(ctx, new Set(), { leaseReads });
    ctx.time = 1000 + ELECTION_BASE_MS - 1;
    n.onMessage(0, { type: "RequestVote", term: 4, candidate: 0, lastLogIndex: 0, lastLogTerm: 0 });
    ctx.time = 1000 + ELECTION_BASE_MS;
    n.onMessage(0, { type: "RequestVote", term: 4, candidate: 0, lastLogIndex: 0, lastLogTerm: 0 });
    expect(ctx.take().map((s) => s.message)).toEqual([
      { type: "Vote", term: 3, granted: false },
      { type: "Vote", term: 4, granted: true },
    ]);
  });

  it("without lease reads nothing is stamped, so plain Raft's messages are unchanged", () => {
    const ctx = new FakeContext(0, 3);
    const n = new RaftNode(ctx, new Set());
    ctx.time = ELECTION_BASE_MS;
    n.onTimer("election");
    n.onMessage(1, { type: "Vote", term: 1, granted: true });
    expect(ctx.take().every((s) => !("sentAt" in s.message))).toBe(true);
  });
});

describe("the raft-lease plug-in", () => {
  it("runs every clock within its drift bound and answers some reads from a lease, linearizably, over hunt schedules", () => {
    expect(leaseProtocolPlugin.scenario.clockDriftPpm).toBe(RAFT_LEASE_DRIFT_BOUND_PPM);
    let fromLease = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const run = leaseProtocolPlugin.run({ choices: new GeneratedChoices(seed), options: huntScenarioOverrides, recordTrace: true });
      expect(run.violation, `seed ${seed}`).toBeNull();
      const logged = new Set(run.trace.flatMap((e) => (e.kind === "observation" && e.observation.kind === "appended" ? [String(e.observation.id)] : [])));
      // A read answered that never entered any log was answered from a lease.
      fromLease += run.history.filter((op) => op.return !== null && (op.input as { op: string }).op === "read" && ![...logged].some((id) => id.startsWith(`c${op.client}#${op.seq} `))).length;
    }
    expect(fromLease).toBeGreaterThan(0);
  });
});
