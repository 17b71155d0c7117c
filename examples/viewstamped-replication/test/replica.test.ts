import { ReplayedChoices, RecordingContext, type RegisterOutput } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { NO_DEFECTS, protocolPlugin, VrReplica, type VrDefects, type VrEntry, type VrMessage, type VrStored } from "../src/index.js";

type Ctx = RecordingContext<VrMessage, RegisterOutput, VrStored>;

const entry = (view: number, id: string): VrEntry => ({ view, id, client: 0, seq: 1, input: { op: "write", value: id } });
const boot = (spec: { readonly id: number; readonly size?: number; readonly stored?: VrStored; readonly defects?: Partial<VrDefects> }): { ctx: Ctx; replica: VrReplica } => {
  const ctx: Ctx = new RecordingContext(spec.id, spec.size ?? 3, spec.stored);
  const replica = new VrReplica(ctx, { ...NO_DEFECTS, ...spec.defects });
  ctx.take();
  ctx.observations.length = 0;
  return { ctx, replica };
};
const kinds = (ctx: Ctx): string[] => ctx.take().map(({ to, message }) => `${message.kind}(v${message.view})->s${to}`);

describe("a backup in normal operation", () => {
  const prepare: VrMessage = { kind: "prepare", view: 0, op: 1, entry: entry(0, "c0#1 write a"), commit: 0 };

  it("writes a Prepare to disk before it answers PrepareOK", () => {
    const { ctx, replica } = boot({ id: 1 });
    replica.onMessage(0, prepare);
    expect(ctx.stored?.log.map((e) => e.id)).toEqual(["c0#1 write a"]);
    expect(ctx.take()).toEqual([{ to: 0, message: { kind: "prepare-ok", view: 0, op: 1 } }]);
  });

  it("answers before the op is synced under ack_before_persist, so a crash then loses it", () => {
    const { ctx, replica } = boot({ id: 1, defects: { ackBeforePersist: true } });
    replica.onMessage(0, prepare);
    expect(kinds(ctx)).toEqual(["prepare-ok(v0)->s0"]);
    expect(ctx.stored?.log).toEqual([]);
    expect(ctx.unsynced?.state.log.length).toBe(1);
  });

  it("asks the primary for the log when a Prepare skips an op it lacks", () => {
    const { ctx, replica } = boot({ id: 1 });
    replica.onMessage(0, { ...prepare, op: 2 });
    expect(kinds(ctx)).toEqual(["get-state(v0)->s0"]);
    expect(replica.log).toEqual([]);
  });

  it("ignores a Prepare from the primary of an older view, and takes it under accept_stale_prepare", () => {
    const inView2: VrStored = { view: 2, status: "normal", lastNormalView: 2, log: [] };
    const correct = boot({ id: 1, stored: inView2 });
    correct.replica.onMessage(0, prepare);
    expect([kinds(correct.ctx), correct.replica.log.length]).toEqual([[], 0]);
    const broken = boot({ id: 1, stored: inView2, defects: { acceptStalePrepare: true } });
    broken.replica.onMessage(0, prepare);
    expect([kinds(broken.ctx), broken.replica.log.length]).toEqual([["prepare-ok(v0)->s0"], 1]);
  });
});

describe("a view change", () => {
  it("starts when a backup hears nothing from its primary: the new view on disk, then StartViewChange to everyone", () => {
    const { ctx, replica } = boot({ id: 2 });
    ctx.time = 1000;
    replica.onTimer("election");
    expect(ctx.stored).toMatchObject({ view: 1, status: "view-change" });
    expect(kinds(ctx)).toEqual(["start-view-change(v1)->s0", "start-view-change(v1)->s1"]);
    expect(ctx.observations).toContainEqual({ kind: "role", node: 2, role: "candidate", term: 1, status: "view-change" });
  });

  it("ends at the new primary once a majority sent DoViewChange: it adopts the freshest log and sends StartView", () => {
    const { ctx, replica } = boot({ id: 1, stored: { view: 0, status: "normal", lastNormalView: 0, log: [entry(0, "a")] } });
    replica.onMessage(2, { kind: "start-view-change", view: 1 });
    expect(replica.status).toBe("view-change");
    ctx.take();
    const fresher = [entry(0, "a"), entry(0, "b")];
    replica.onMessage(2, { kind: "do-view-change", view: 1, log: fresher, lastNormalView: 0, commit: 1 });
    expect([replica.status, replica.role, replica.lastNormalView, replica.commit]).toEqual(["normal", "leader", 1, 1]);
    expect(ctx.stored?.log).toBe(fresher);
    expect(ctx.take().filter(({ message }) => message.kind === "start-view")).toEqual([
      { to: 0, message: { kind: "start-view", view: 1, log: fresher, commit: 1 } },
      { to: 2, message: { kind: "start-view", view: 1, log: fresher, commit: 1 } },
    ]);
  });

  it("ends on the new primary's own DoViewChange alone under skip_view_change_quorum", () => {
    const { replica } = boot({ id: 1, defects: { skipViewChangeQuorum: true } });
    replica.onMessage(2, { kind: "start-view-change", view: 1 });
    expect([replica.status, replica.role]).toEqual(["normal", "leader"]);
  });

  it("makes a backup adopt the StartView's log, reporting what it cut, and acknowledge its uncommitted ops", () => {
    const { ctx, replica } = boot({ id: 2, stored: { view: 0, status: "normal", lastNormalView: 0, log: [entry(0, "a"), entry(0, "stale")] } });
    const log = [entry(0, "a"), entry(1, "b")];
    replica.onMessage(1, { kind: "start-view", view: 1, log, commit: 1 });
    expect(ctx.observations.slice(0, 3)).toEqual([
      { kind: "role", node: 2, role: "follower", term: 1 },
      { kind: "truncated", node: 2, fromIndex: 2 },
      { kind: "appended", node: 2, index: 2, term: 1, id: "b" },
    ]);
    expect(kinds(ctx)).toEqual(["prepare-ok(v1)->s1"]);
    expect([replica.view, replica.commit, ctx.stored?.lastNormalView]).toEqual([1, 1, 1]);
  });
});

describe("the client table", () => {
  const write = { client: 0, seq: 1, input: { op: "write", value: "0.1" } } as const;

  it("answers a retried request from the table instead of executing it again", () => {
    const { ctx, replica } = boot({ id: 0, size: 1 });
    replica.onClientRequest(write);
    replica.onClientRequest(write);
    expect(replica.log.length).toBe(1);
    expect(ctx.replies.map((r) => r.response)).toEqual([
      { kind: "ok", output: null },
      { kind: "ok", output: null },
    ]);
  });

  it("gives the retry a new op-number and executes it again under no_client_table", () => {
    const { ctx, replica } = boot({ id: 0, size: 1, defects: { noClientTable: true } });
    replica.onClientRequest(write);
    replica.onClientRequest(write);
    expect(replica.log.length).toBe(2);
    expect(ctx.observations.filter((o) => o.kind === "applied" && o["effect"] === true).length).toBe(2);
  });
});

describe("viewstamped replication on a calm run", () => {
  const run = protocolPlugin.run({ choices: new ReplayedChoices([]), recordTrace: true });
  const observed = (kind: string) => run.trace.flatMap((e) => (e.kind === "observation" && e.observation.kind === kind ? [e.observation] : []));

  it("keeps s0 primary of view 0 throughout, with no view change", () => {
    expect(observed("role")).toEqual([0, 1, 2].map((node) => ({ kind: "role", node, role: node === 0 ? "leader" : "follower", term: 0 })));
  });

  it("answers every operation, and every replica executes the same ops in the same order", () => {
    expect(run.history.every((op) => op.return !== null)).toBe(true);
    const byNode = [0, 1, 2].map((node) => observed("applied").flatMap((o) => (o["node"] === node ? [String(o["id"])] : [])));
    expect(byNode[0]?.length).toBe(run.history.length);
    expect(byNode[1]).toEqual(byNode[0]?.slice(0, byNode[1]?.length));
    expect(byNode[2]).toEqual(byNode[0]?.slice(0, byNode[2]?.length));
  });

  it("speaks VR's words: views, primaries, backups", () => {
    expect(protocolPlugin.vocabulary).toMatchObject({ epoch: "view", leader: "primary", follower: "backup" });
  });
});
