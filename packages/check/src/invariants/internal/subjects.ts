import type { OperationSubject, ViolationSubjects } from "../violation-subjects.js";

const sortedUnique = (values: readonly number[]): number[] => [...new Set(values)].sort((a, b) => a - b);

/** The subjects of a safety violation, lists sorted and deduplicated; absent kinds are empty. */
export function safetySubjects(named: { nodes?: readonly number[]; terms?: readonly number[]; entries?: readonly number[]; operations?: readonly OperationSubject[] }): ViolationSubjects {
  return {
    property: "safety",
    nodes: sortedUnique(named.nodes ?? []),
    terms: sortedUnique(named.terms ?? []),
    entries: sortedUnique(named.entries ?? []),
    operations: named.operations ?? [],
  };
}

/** Indices `from`..`to`, both included (empty when `to < from`). */
export function entryRange(from: number, to: number): number[] {
  const out: number[] = [];
  for (let index = from; index <= to; index++) out.push(index);
  return out;
}
