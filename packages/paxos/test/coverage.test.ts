import { GeneratedChoices, ReplayedChoices, staticClusterView, type ClusterView } from "@cx/sim";
import { describe, expect, it } from "vitest";
import { paxosCoverage, runPaxos, type AcceptedValue, type PaxosNode, type PaxosRole } from "../src/index.js";

interface FakeNode {
  readonly role: PaxosRole;
  readonly promised: number;
  readonly ballot?: number;
  /** The id accepted per slot (`null`: nothing). */
  readonly accepted: readonly (string | null)[];
  readonly commitIndex: number;
  readonly pending?: number;
  readonly down?: boolean;
}

const acceptedOf = (ids: readonly (string | null)[], ballot: number): (AcceptedValue | null)[] =>
  ids.map((id) => (id === null ? null : { ballot, entry: { ballot, id, client: null, seq: null, input: null } }));

/** A hand-built cluster: the probe reads roles, ballots, accepted values, commit indices and proposals (and persisted acceptor state of down nodes). */
function view(nodes: readonly FakeNode[]): ClusterView<PaxosNode> {
  return staticClusterView({
    nodes: nodes.map((n) =>
    n.down === true
      ? undefined
      : ({ role: n.role, promised: n.promised, ballot: n.ballot ?? 0, accepted: acceptedOf(n.accepted, n.promised), commitIndex: n.commitIndex, proposals: new Map(Array.from({ length: n.pending ?? 0 }, (_, i) => [i, {}])) } as unknown as PaxosNode)),
    persisted: (id) => ({ promised: nodes[id]?.promised ?? 0, accepted: acceptedOf(nodes[id]?.accepted ?? [], nodes[id]?.promised ?? 0) }),
  });
}

const leader: FakeNode = { role: "leader", promised: 3, ballot: 3, accepted: ["a", "b"], commitIndex: 2 };
const follower: FakeNode = { role: "follower", promised: 3, accepted: ["a", "b"], commitIndex: 2 };

describe("the coverage probe", () => {
  it("gives the same features for the same choices", () => {
    expect(runPaxos({ choices: new GeneratedChoices(5) }).coverage).toEqual(runPaxos({ choices: new GeneratedChoices(5) }).coverage);
  });

  it("sees few kinds of state in the calm run and many under faults", () => {
    const calm = new Set(runPaxos({ choices: new ReplayedChoices([]) }).coverage);
    const hostile = new Set<number>();
    for (let seed = 1; seed <= 20; seed++) for (const f of runPaxos({ choices: new GeneratedChoices(seed) }).coverage) hostile.add(f);
    expect(calm.size).toBeLessThanOrEqual(10);
    expect(hostile.size).toBeGreaterThan(5 * calm.size);
  });

  it("describes one state as four features, one per group", () => {
    const features = paxosCoverage(view([leader, follower, follower]));
    expect(features).toHaveLength(4);
    expect(new Set(features).size).toBe(4);
  });

  it("tells acceptors that accepted different commands in a slot, below or above the commit index, through a down node's persisted state", () => {
    const none = paxosCoverage(view([leader, follower, { ...follower, down: true }]));
    const above = paxosCoverage(view([leader, { ...follower, accepted: ["a", "b", "y"] }, { ...follower, accepted: ["a", "b", "x"], down: true }]));
    const below = paxosCoverage(view([leader, follower, { ...follower, accepted: ["z", "b"], down: true }]));
    expect(none[0]).toBe(below[0]);
    expect(new Set([none[2], below[2], above[2]]).size).toBe(3);
  });

  it("notices a deposed leader that does not know it yet, and a leader with proposals not chosen", () => {
    const fine = paxosCoverage(view([leader, follower, follower]));
    const stale = paxosCoverage(view([leader, { ...follower, promised: 7 }, follower]));
    const pending = paxosCoverage(view([{ ...leader, pending: 2 }, follower, follower]));
    expect(stale[1]).not.toBe(fine[1]);
    expect(pending[3]).not.toBe(fine[3]);
  });
});
