import { describe, expect, it } from "vitest";
import { PaxosNode, type AcceptedValue, type PaxosDefectName, type PaxosEntry, type PaxosMessage } from "../src/index.js";
import { FakeContext } from "./fixtures/fake-context.js";

const write = (ballot: number, client: number, seq: number): PaxosEntry => ({ ballot, id: `c${client}#${seq} write ${client}.${seq}`, client, seq, input: { op: "write", value: `${client}.${seq}` } });

function node(options: { id?: number; size?: number; defects?: PaxosDefectName[]; promised?: number; accepted?: (AcceptedValue | null)[] } = {}): { n: PaxosNode; ctx: FakeContext } {
  const stored = options.promised === undefined && options.accepted === undefined ? undefined : { promised: options.promised ?? 0, accepted: options.accepted ?? [] };
  const ctx = new FakeContext(options.id ?? 0, options.size ?? 3, stored);
  return { n: new PaxosNode(ctx, new Set(options.defects ?? [])), ctx };
}

const prepare = (ballot: number, fromSlot = 1): PaxosMessage => ({ type: "Prepare", ballot, fromSlot, lastIndex: 0, lastTerm: 0 });
const accept = (ballot: number, slot: number, entry: PaxosEntry): PaxosMessage => ({ type: "Accept", ballot, slot, entry });
const promise = (ballot: number, accepted: { slot: number; ballot: number; entry: PaxosEntry }[] = []): PaxosMessage => ({ type: "Promise", ballot, ok: true, promised: ballot, accepted });
const acceptedOk = (ballot: number, slot: number): PaxosMessage => ({ type: "Accepted", ballot, slot, ok: true, promised: ballot });

function ofType<T extends PaxosMessage["type"]>(ctx: FakeContext, type: T): Extract<PaxosMessage, { type: T }>[] {
  return ctx.take().flatMap(({ message }) => (message.type === type ? [message as Extract<PaxosMessage, { type: T }>] : []));
}

/** Times s0 out and hands it a promise from s1 carrying `reported`: s0 is then recovering (or leading). */
function electS0(n: PaxosNode, ctx: FakeContext, reported: { slot: number; ballot: number; entry: PaxosEntry }[] = []): number {
  ctx.time = 1000;
  n.onTimer("election");
  const [sent] = ofType(ctx, "Prepare");
  const ballot = (sent as { ballot: number }).ballot;
  n.onMessage(1, promise(ballot, reported));
  return ballot;
}

describe("PaxosNode as an acceptor", () => {
  it("promises a higher ballot, persisting it before answering, and reports what it accepted from the asked slot on", () => {
    const { n, ctx } = node({ id: 1, promised: 3, accepted: [{ ballot: 3, entry: write(3, 0, 1) }, { ballot: 3, entry: write(3, 0, 2) }] });
    n.onMessage(2, prepare(5, 2));
    expect(ctx.stored?.promised).toBe(5);
    const [reply] = ofType(ctx, "Promise");
    expect(reply).toMatchObject({ ok: true, ballot: 5 });
    expect(reply?.accepted.map((v) => v.slot)).toEqual([2]);
  });

  it("refuses a prepare of a lower ballot, telling the ballot it promised", () => {
    const { n, ctx } = node({ id: 1, promised: 5 });
    n.onMessage(0, prepare(3));
    expect(ofType(ctx, "Promise")).toEqual([{ type: "Promise", ballot: 3, ok: false, promised: 5, accepted: [] }]);
  });

  it("refuses an Accept below its promise; accept_lower_ballot accepts it and lowers its promise", () => {
    const correct = node({ id: 1, promised: 5 });
    correct.n.onMessage(0, accept(3, 1, write(3, 0, 1)));
    expect(ofType(correct.ctx, "Accepted")).toMatchObject([{ ok: false, promised: 5 }]);
    expect(correct.n.accepted).toEqual([]);
    const buggy = node({ id: 1, promised: 5, defects: ["accept_lower_ballot"] });
    buggy.n.onMessage(0, accept(3, 1, write(3, 0, 1)));
    expect(ofType(buggy.ctx, "Accepted")).toMatchObject([{ ok: true, promised: 3 }]);
    expect(buggy.ctx.stored?.accepted[0]?.ballot).toBe(3);
  });

  it("accepts at its promised ballot and persists the value before answering", () => {
    const { n, ctx } = node({ id: 1 });
    n.onMessage(0, accept(3, 2, write(3, 0, 1)));
    expect(ctx.stored).toEqual({ promised: 3, accepted: [null, { ballot: 3, entry: write(3, 0, 1) }] });
    expect(ofType(ctx, "Accepted")).toMatchObject([{ ok: true, slot: 2, ballot: 3 }]);
  });

  it("restores its promise and accepted values after a restart; forget_promise_on_restart loses the promise", () => {
    const accepted = [{ ballot: 5, entry: write(5, 0, 1) }];
    const correct = node({ id: 1, promised: 8, accepted });
    expect([correct.n.promised, correct.n.accepted]).toEqual([8, accepted]);
    expect(correct.ctx.observations[0]).toEqual({ kind: "restarted", node: 1, term: 8, logLength: 0 });
    correct.n.onMessage(0, accept(6, 2, write(6, 0, 2)));
    expect(ofType(correct.ctx, "Accepted")).toMatchObject([{ ok: false }]);
    const buggy = node({ id: 1, promised: 8, accepted, defects: ["forget_promise_on_restart"] });
    expect(buggy.n.promised).toBe(0);
    buggy.n.onMessage(0, accept(6, 2, write(6, 0, 2)));
    expect(ofType(buggy.ctx, "Accepted")).toMatchObject([{ ok: true }]);
  });
});

describe("PaxosNode as a proposer", () => {
  it("times out, then prepares a ballot above every ballot it has seen, from its first unlearned slot", () => {
    const { n, ctx } = node({ id: 2, promised: 7 });
    ctx.time = 1000;
    n.onTimer("election");
    const prepares = ofType(ctx, "Prepare");
    expect(prepares.map((p) => p.ballot)).toEqual([11, 11]);
    expect(prepares[0]?.fromSlot).toBe(1);
    expect(n.role).toBe("candidate");
    expect(ctx.stored?.promised).toBe(11);
  });

  it("after a majority promised, proposes again the highest-ballot value reported per slot and a no-op in a hole", () => {
    const { n, ctx } = node({ accepted: [{ ballot: 1, entry: write(1, 9, 9) }] });
    const ballot = electS0(n, ctx, [
      { slot: 1, ballot: 4, entry: write(4, 1, 1) },
      { slot: 3, ballot: 4, entry: write(4, 1, 3) },
    ]);
    const accepts = ofType(ctx, "Accept").filter((m) => m.ballot === ballot);
    const bySlot = new Map(accepts.map((m) => [m.slot, m.entry.id]));
    expect([...bySlot]).toEqual([
      [1, "c1#1 write 1.1"],
      [2, `noop b${ballot}`],
      [3, "c1#3 write 1.3"],
    ]);
    // Not leader yet: only once all three are chosen.
    expect(n.role).toBe("candidate");
    for (const slot of [1, 2, 3]) n.onMessage(1, acceptedOk(ballot, slot));
    expect(n.role).toBe("leader");
    expect(n.log.map((e) => e.id)).toEqual(["c1#1 write 1.1", `noop b${ballot}`, "c1#3 write 1.3"]);
    expect(ctx.observations.filter((o) => o.kind === "role").at(-1)).toEqual({ kind: "role", node: 0, role: "leader", term: ballot });
  });

  it("ignore_promised_values: the new leader proposes nothing for the reported slots and puts its own commands there", () => {
    const { n, ctx } = node({ defects: ["ignore_promised_values"] });
    const ballot = electS0(n, ctx, [{ slot: 1, ballot: 4, entry: write(4, 1, 1) }]);
    expect(n.role).toBe("leader");
    ctx.take();
    n.onClientRequest({ client: 2, seq: 1, input: { op: "write", value: "2.1" } });
    expect(ofType(ctx, "Accept").map((m) => [m.slot, m.entry.id])).toEqual([
      [1, "c2#1 write 2.1"],
      [1, "c2#1 write 2.1"],
    ]);
    expect(ballot).toBe(3);
  });

  it("minority_quorum: in a 3-node cluster a candidate leads on its own promise alone", () => {
    const correct = node();
    correct.ctx.time = 1000;
    correct.n.onTimer("election");
    expect(correct.n.role).toBe("candidate");
    const buggy = node({ defects: ["minority_quorum"] });
    buggy.ctx.time = 1000;
    buggy.n.onTimer("election");
    expect(buggy.n.role).toBe("leader");
  });

  it("steps down when an acceptor refuses with a higher promise", () => {
    const { n, ctx } = node();
    const ballot = electS0(n, ctx);
    expect(n.role).toBe("leader");
    n.onMessage(2, { type: "Accepted", ballot, slot: 1, ok: false, promised: ballot + 4 });
    expect([n.role, n.promised, ctx.stored?.promised]).toEqual(["follower", ballot + 4, ballot + 4]);
  });
});

describe("PaxosNode's clients and state machine", () => {
  it("answers a write once its slot is chosen and applied", () => {
    const { n, ctx } = node();
    const ballot = electS0(n, ctx);
    ctx.take();
    n.onClientRequest({ client: 1, seq: 1, input: { op: "write", value: "1.1" } });
    expect(ctx.replies).toEqual([]);
    n.onMessage(2, acceptedOk(ballot, 1));
    expect(ctx.replies.map((r) => r.response)).toEqual([{ kind: "ok", output: null }]);
    expect(n.machine.value).toBe("1.1");
  });

  it("a follower redirects a client to the leader it heard from", () => {
    const { n, ctx } = node({ id: 1 });
    n.onMessage(0, { type: "Chosen", ballot: 3, fromSlot: 1, entries: [], commitIndex: 0 });
    n.onClientRequest({ client: 1, seq: 1, input: { op: "read" } });
    expect(ctx.replies.map((r) => r.response)).toEqual([{ kind: "redirect", leaderHint: 0 }]);
  });

  it("applies a retried command chosen in two slots once; no_client_dedup applies it twice", () => {
    for (const [defects, effects] of [
      [[], [true, false]],
      [["no_client_dedup" as const], [true, true]],
    ] as const) {
      const { n, ctx } = node({ id: 1, defects: [...defects] });
      n.onMessage(0, { type: "Chosen", ballot: 3, fromSlot: 1, entries: [write(3, 2, 1), write(3, 2, 1)], commitIndex: 2 });
      expect(ctx.observations.flatMap((o) => (o.kind === "applied" ? [o["effect"]] : []))).toEqual(effects);
    }
  });

  it("learns chosen slots out of order but commits only the contiguous prefix", () => {
    const { n, ctx } = node({ id: 1 });
    n.onMessage(0, { type: "Chosen", ballot: 3, fromSlot: 2, entries: [write(3, 0, 2)], commitIndex: 0 });
    expect(n.commitIndex).toBe(0);
    n.onMessage(0, { type: "Chosen", ballot: 3, fromSlot: 1, entries: [write(3, 0, 1)], commitIndex: 0 });
    expect(n.commitIndex).toBe(2);
    expect(ctx.observations.filter((o) => o.kind === "committed")).toEqual([{ kind: "committed", node: 1, index: 2, term: 3 }]);
  });

  it("stale_local_read: a leader answers a read at once from its own state", () => {
    const { n, ctx } = node({ defects: ["stale_local_read"] });
    electS0(n, ctx);
    n.onClientRequest({ client: 1, seq: 1, input: { op: "read" } });
    expect(ctx.replies.map((r) => r.response)).toEqual([{ kind: "ok", output: null }]);
    const correct = node();
    electS0(correct.n, correct.ctx);
    correct.n.onClientRequest({ client: 1, seq: 1, input: { op: "read" } });
    expect(correct.ctx.replies).toEqual([]);
  });
});
