import { describe, expect, it } from "vitest";
import type { ReplicaObservation } from "../replica/replica-observation.js";
import type { ReplicaRole } from "../replica/replica-role.js";
import type { InvariantViolation } from "./invariant-violation.js";
import { createSafetyMonitor } from "./safety-monitor.js";

const role = (node: number, r: ReplicaRole, term: number): ReplicaObservation => ({ kind: "role", node, role: r, term });
const append = (node: number, index: number, entry: number | { term: number; id: string }): ReplicaObservation =>
  typeof entry === "number" ? { kind: "appended", node, index, term: entry, id: `e${index}t${entry}` } : { kind: "appended", node, index, term: entry.term, id: entry.id };
const commit = (node: number, index: number, term: number): ReplicaObservation => ({ kind: "committed", node, index, term });
const apply = (node: number, index: number, op: { id: string; client?: number; seq?: number; effect?: boolean }): ReplicaObservation => ({
  kind: "applied",
  node,
  index,
  id: op.id,
  client: op?.client ?? null,
  seq: op?.seq ?? null,
  effect: op?.effect ?? true,
});

/** Feeds observations in order; the first violation, with how many observations it took. */
function run(observations: readonly ReplicaObservation[]): { violation: InvariantViolation | undefined; at: number } {
  const monitor = createSafetyMonitor();
  for (let i = 0; i < observations.length; i++) {
    const violation = monitor.observe(observations[i] as ReplicaObservation);
    if (violation !== undefined) return { violation, at: i };
  }
  return { violation: undefined, at: observations.length };
}

/** Three replicas replicate two entries in term 1, commit them, then s1 takes over in term 2. */
const legalRun: ReplicaObservation[] = [
  role(0, "candidate", 1),
  role(0, "leader", 1),
  role(1, "follower", 1),
  append(0, 1, { term: 1, id: "a" }),
  append(0, 2, { term: 1, id: "b" }),
  append(1, 1, { term: 1, id: "a" }),
  append(1, 2, { term: 1, id: "b" }),
  commit(0, 2, 1),
  apply(0, 1, { id: "a", client: 0, seq: 1 }),
  apply(0, 2, { id: "b", client: 0, seq: 2 }),
  commit(1, 2, 1),
  apply(1, 1, { id: "a", client: 0, seq: 1 }),
  apply(1, 2, { id: "b", client: 0, seq: 2 }),
  role(1, "candidate", 2),
  role(0, "follower", 2),
  role(1, "leader", 2),
  append(1, 3, { term: 2, id: "c" }),
  append(0, 3, { term: 2, id: "c" }),
  commit(1, 3, 2),
  apply(1, 3, { id: "c", client: 1, seq: 1 }),
];

describe("the incremental safety monitor", () => {
  it("accepts a legal run: elections, replication, commits and applies in order", () => {
    expect(run(legalRun).violation).toBeUndefined();
  });

  it("mirrors each replica's log and the committed entries from the observations", () => {
    const monitor = createSafetyMonitor();
    for (const o of legalRun) monitor.observe(o);
    expect(monitor.log(0).map((e) => e.id)).toEqual(["a", "b", "c"]);
    expect(monitor.committed()).toEqual([
      { index: 1, id: "a", term: 1 },
      { index: 2, id: "b", term: 1 },
      { index: 3, id: "c", term: 2 },
    ]);
  });

  it("ElectionSafety: catches two leaders of one term, even if they never coexist", () => {
    const { violation } = run([role(0, "leader", 3), role(0, "follower", 4), role(1, "leader", 3)]);
    expect(violation).toEqual({
      invariant: "ElectionSafety",
      message: "s1 became leader in term 3, but s0 was already leader of term 3",
      subjects: { property: "safety", nodes: [0, 1], terms: [3], entries: [], operations: [] },
    });
  });

  it("ElectionSafety: the same node announcing leadership of its term twice is fine", () => {
    expect(run([role(0, "leader", 3), role(0, "leader", 3), role(1, "leader", 4)]).violation).toBeUndefined();
  });

  it("LeaderAppendOnly: catches a leader deleting its own entries", () => {
    const { violation } = run([role(0, "leader", 2), append(0, 1, 2), append(0, 2, 2), { kind: "truncated", node: 0, fromIndex: 2 }]);
    expect(violation).toEqual({
      invariant: "LeaderAppendOnly",
      message: "s0, leader of term 2, deleted its own entries from index 2 to 2",
      subjects: { property: "safety", nodes: [0], terms: [2], entries: [2], operations: [] },
    });
  });

  it("LeaderAppendOnly: catches a leader overwriting an entry in place", () => {
    const { violation } = run([role(0, "leader", 2), append(0, 1, { term: 2, id: "x" }), append(0, 1, { term: 2, id: "y" })]);
    expect(violation?.invariant).toBe("LeaderAppendOnly");
    expect(violation?.message).toBe('s0, leader of term 2, overwrote its entry 1 ("x", term 2) with "y" (term 2)');
    expect(violation?.subjects).toEqual({ property: "safety", nodes: [0], terms: [2], entries: [1], operations: [] });
  });

  it("LeaderAppendOnly: a follower may truncate a conflicting suffix", () => {
    expect(run([role(1, "follower", 2), append(1, 1, 1), append(1, 2, 1), { kind: "truncated", node: 1, fromIndex: 2 }, append(1, 2, 2)]).violation).toBeUndefined();
  });

  it("LogMatching: catches two different commands at the same index and term", () => {
    const { violation } = run([append(0, 1, { term: 1, id: "x" }), append(1, 1, { term: 1, id: "y" })]);
    expect(violation).toEqual({
      invariant: "LogMatching",
      message: 's1 and s0 both hold entry 1 of term 1, but with different commands: "y" and "x"',
      subjects: { property: "safety", nodes: [0, 1], terms: [1], entries: [1], operations: [] },
    });
  });

  it("LogMatching: catches equal entries whose prefixes differ", () => {
    const { violation } = run([append(0, 1, { term: 1, id: "x" }), append(0, 2, { term: 2, id: "z" }), append(1, 1, { term: 1, id: "y-other-term-1" }), append(1, 2, { term: 2, id: "z" })]);
    // s1's entry 1 already clashes with s0's: the first difference is reported.
    expect(violation?.invariant).toBe("LogMatching");
    const prefixOnly = run([append(0, 1, { term: 1, id: "x" }), append(0, 2, { term: 2, id: "z" }), append(1, 1, { term: 3, id: "w" }), append(1, 2, { term: 2, id: "z" })]);
    expect(prefixOnly.violation?.invariant).toBe("LogMatching");
    expect(prefixOnly.violation?.message).toBe('s1 and s0 both hold entry 2 of term 2, but their entries 1 differ: "w" (term 3) and "x" (term 1)');
    expect(prefixOnly.violation?.subjects).toEqual({ property: "safety", nodes: [0, 1], terms: [2], entries: [1, 2], operations: [] });
  });

  it("LogMatching: catches a prefix rewritten under an entry that stays", () => {
    const { violation } = run([append(0, 1, { term: 1, id: "x" }), append(0, 2, { term: 2, id: "z" }), append(1, 1, { term: 1, id: "x" }), append(1, 2, { term: 2, id: "z" }), append(1, 1, { term: 3, id: "w" })]);
    expect(violation?.invariant).toBe("LogMatching");
  });

  it("LeaderCompleteness: catches a leader of a later term elected without a committed entry", () => {
    const { violation } = run([role(0, "leader", 32), append(0, 1, { term: 32, id: "a" }), commit(0, 1, 32), role(2, "leader", 35)]);
    expect(violation).toEqual({
      invariant: "LeaderCompleteness",
      message: "s2 became leader in term 35 without entry 1, which was committed in term 32",
      subjects: { property: "safety", nodes: [2], terms: [35], entries: [1], operations: [] },
    });
  });

  it("LeaderCompleteness: catches an entry committed while a later-term leader lacks it", () => {
    const { violation } = run([role(2, "leader", 5), role(0, "leader", 3), append(0, 1, { term: 3, id: "a" }), commit(0, 1, 3)]);
    expect(violation).toEqual({
      invariant: "LeaderCompleteness",
      message: "s2 is leader of term 5 without entry 1, which s0 committed in term 3",
      subjects: { property: "safety", nodes: [0, 2], terms: [5], entries: [1], operations: [] },
    });
  });

  it("LeaderCompleteness: a stale leader of an older term may lack a committed entry", () => {
    const observations = [role(0, "leader", 3), role(1, "leader", 4), append(1, 1, { term: 4, id: "a" }), append(2, 1, { term: 4, id: "a" }), commit(1, 1, 4), role(0, "leader", 3), append(0, 1, { term: 3, id: "old" })];
    expect(run(observations).violation).toBeUndefined();
  });

  it("LeaderCompleteness: a leader of the commit's own term is not bound by it", () => {
    expect(run([role(1, "leader", 4), append(1, 1, { term: 4, id: "a" }), commit(1, 1, 4), role(1, "follower", 4), role(1, "leader", 4)]).violation).toBeUndefined();
  });

  it("StateMachineSafety: catches two replicas applying different commands at one index", () => {
    const { violation } = run([append(0, 1, { term: 1, id: "a" }), apply(0, 1, { id: "a", client: 0, seq: 1 }), append(1, 1, { term: 2, id: "b" }), apply(1, 1, { id: "b", client: 2, seq: 1 })]);
    expect(violation).toEqual({
      invariant: "StateMachineSafety",
      message: 's1 applied "b" at index 1, but s0 applied "a" there',
      subjects: {
        property: "safety",
        nodes: [0, 1],
        terms: [],
        entries: [1],
        operations: [
          { client: 0, seq: 1, role: "involved" },
          { client: 2, seq: 1, role: "involved" },
        ],
      },
    });
  });

  it("StateMachineSafety: catches entries applied out of order", () => {
    const { violation } = run([apply(0, 1, { id: "a" }), apply(0, 3, { id: "c" })]);
    expect(violation?.message).toBe("s0 applied entry 3 right after entry 1: entries must be applied in order");
    expect(violation?.subjects.entries).toEqual([1, 3]);
  });

  it("StateMachineSafety: a restarted replica applies its log again from the start", () => {
    expect(run([apply(0, 1, { id: "a" }), apply(0, 2, { id: "b" }), { kind: "restarted", node: 0, term: 1, logLength: 2 }, apply(0, 1, { id: "a" })]).violation).toBeUndefined();
  });

  it("DuplicateApply: catches one client operation applied twice with effect", () => {
    const { violation } = run([apply(0, 1, { id: "c1#3 write 1.3", client: 1, seq: 3 }), apply(0, 2, { id: "c1#3 write 1.3", client: 1, seq: 3 })]);
    expect(violation).toEqual({
      invariant: "DuplicateApply",
      message: `s0 applied client 1's operation #3 twice: at index 1 and again at index 2 ("c1#3 write 1.3")`,
      subjects: { property: "safety", nodes: [0], terms: [], entries: [1, 2], operations: [{ client: 1, seq: 3, role: "involved" }] },
    });
  });

  it("DuplicateApply: a retried operation recognised as a duplicate is fine", () => {
    const observations = [apply(0, 1, { id: "c1#3", client: 1, seq: 3 }), apply(0, 2, { id: "c1#3", client: 1, seq: 3, effect: false })];
    expect(run(observations).violation).toBeUndefined();
  });
});

describe("votes and the safety monitor", () => {
  it("takes a granted vote as no violation: Election Safety is judged on who became leader", () => {
    const monitor = createSafetyMonitor();
    expect(monitor.observe({ kind: "voted", node: 1, term: 1, candidate: 0, lastLogIndex: 0, lastLogTerm: 0, candidateLastLogIndex: 0, candidateLastLogTerm: 0, candidateLogBehind: false })).toBeUndefined();
    expect(monitor.observe({ kind: "voted", node: 1, term: 1, candidate: 2, lastLogIndex: 0, lastLogTerm: 0, candidateLastLogIndex: 0, candidateLastLogTerm: 0, candidateLogBehind: false })).toBeUndefined();
  });
});
