import { GeneratedChoices, staticClusterView, type ClusterView } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { encodeBallot, paxosAbstractState, protocolPlugin, type AcceptedValue, type PaxosNode, type PaxosRole } from "../src/index.js";

interface FakeNode {
  readonly role: PaxosRole;
  readonly promised: number;
  readonly ballot?: number;
  /** Per slot, the accepted id and the ballot it was accepted at (`null`: nothing). */
  readonly accepted: readonly ([string, number] | null)[];
  /** The chosen ids, in slot order (the learned log). */
  readonly learned: readonly string[];
  readonly pending?: number;
  readonly down?: boolean;
}

const entry = (id: string, ballot: number) => ({ ballot, id, client: null, seq: null, input: null });
const acceptedOf = (slots: FakeNode["accepted"]): (AcceptedValue | null)[] => slots.map((s) => (s === null ? null : { ballot: s[1], entry: entry(s[0], s[1]) }));

/** A hand-built cluster: the abstract state reads roles, promises, ballots, accepted values, learned logs and proposals. */
function view(nodes: readonly FakeNode[]): ClusterView<PaxosNode> {
  return staticClusterView({
    nodes: nodes.map((n) =>
    n.down === true
      ? undefined
      : ({ role: n.role, promised: n.promised, ballot: n.ballot ?? 0, accepted: acceptedOf(n.accepted), log: n.learned.map((id) => entry(id, 0)), proposals: new Map(Array.from({ length: n.pending ?? 0 }, (_, i) => [i, {}])) } as unknown as PaxosNode)),
    persisted: (id) => ({ promised: nodes[id]?.promised ?? 0, accepted: acceptedOf(nodes[id]?.accepted ?? []) }),
  });
}

const b1 = encodeBallot(1, 0, 3);
const b2 = encodeBallot(2, 1, 3);

// Slots: leaders, round gap, conflicting slots, chosen slots against acceptors, pending proposals, a deposed leader.
describe("Paxos's abstract state", () => {
  it("is all zeros but the leader when every acceptor agrees", () => {
    const state = paxosAbstractState(
      view([
        { role: "leader", promised: b1, ballot: b1, accepted: [["a", b1]], learned: ["a"] },
        { role: "follower", promised: b1, accepted: [["a", b1]], learned: ["a"] },
        { role: "follower", promised: b1, accepted: [], learned: [] },
      ]),
    );
    expect(state).toEqual([1, 0, 0, 0, 0, 0]);
  });

  it("sees a chosen slot where an acceptor holds another command at a higher ballot: the step before a chosen value is lost", () => {
    const state = paxosAbstractState(
      view([
        { role: "leader", promised: b2, ballot: b2, accepted: [["b", b2]], learned: [], pending: 1 },
        { role: "follower", promised: b1, accepted: [["a", b1]], learned: ["a"] },
        { role: "follower", promised: b1, accepted: [["a", b1]], learned: ["a"] },
      ]),
    );
    expect(state).toEqual([1, 1, 1, 2, 1, 0]);
  });

  it("tells that from a stale acceptor holding another command at a lower ballot, counted through a down node's persisted state", () => {
    const state = paxosAbstractState(
      view([
        { role: "leader", promised: b2, ballot: b2, accepted: [["a", b2]], learned: ["a"] },
        { role: "follower", promised: b2, accepted: [["a", b2]], learned: ["a"] },
        { role: "follower", promised: b1, accepted: [["x", b1]], learned: [], down: true },
      ]),
    );
    expect(state[3]).toBe(1);
  });

  it("sees a deposed leader that does not know it yet", () => {
    const state = paxosAbstractState(
      view([
        { role: "leader", promised: b1, ballot: b1, accepted: [], learned: [] },
        { role: "follower", promised: b2, accepted: [], learned: [] },
        { role: "follower", promised: b2, accepted: [], learned: [] },
      ]),
    );
    expect(state[5]).toBe(1);
  });

  it("reaches search as coverage features with their first positions in a plug-in run", () => {
    const run = protocolPlugin.run({ choices: new GeneratedChoices(4) });
    expect(run.coverageAt?.length).toBe(run.coverage.length);
    expect(protocolPlugin.abstractState).toBeTypeOf("function");
  });
});
