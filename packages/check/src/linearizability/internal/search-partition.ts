import type { Operation } from "../operation.js";
import type { PartitionSearch, RunLimits, SearchOutcome, SearchProblem, SearchProgress } from "./search-problem.js";
import { startOrderedSearch } from "./search-ordered.js";

export type { PartitionSearch, RunLimits, SearchLimit, SearchOutcome, SearchProblem, SearchProgress } from "./search-problem.js";

/**
 * Searches one partition. Operations are renumbered first, completed ones
 * by call then indeterminate ones, so that the memo can store a
 * configuration compactly (see LinearisedSet); the prefix found is mapped
 * back to the caller's positions.
 */
export function startPartitionSearch<State, Input, Output>(problem: SearchProblem<State, Input, Output>): PartitionSearch {
  const { operations } = problem;
  // Histories usually come in call order: then splitting off the
  // indeterminate operations is the whole sort.
  const completedFirst: number[] = [];
  const pendingLast: number[] = [];
  let sorted = true;
  for (let i = 0; i < operations.length; i++) {
    const op = operations[i] as Operation<Input, Output>;
    const list = op.return === null ? pendingLast : completedFirst;
    const before = list[list.length - 1];
    if (before !== undefined && (operations[before] as Operation<Input, Output>).call > op.call) sorted = false;
    list.push(i);
  }
  const order = completedFirst.concat(pendingLast);
  const rank = (i: number): number => ((operations[i] as Operation<Input, Output>).return === null ? 1 : 0);
  if (!sorted) order.sort((a, b) => rank(a) - rank(b) || (operations[a] as Operation<Input, Output>).call - (operations[b] as Operation<Input, Output>).call || a - b);
  const search = startOrderedSearch({ ...problem, operations: order.map((i) => operations[i] as Operation<Input, Output>) });
  const back = (k: number): number => order[k] as number;
  const mapBack = (found: SearchProgress): SearchProgress => ({
    prefix: found.prefix.map(back),
    ...(found.partials === undefined ? {} : { partials: found.partials.map((partial) => partial.map(back)), omitted: found.omitted ?? 0 }),
  });
  return {
    run(limits) {
      const outcome = search.run(limits);
      if (outcome.verdict !== "illegal") return outcome;
      return { ...outcome, ...mapBack(outcome) };
    },
    bytes: () => search.bytes(),
    progress: () => mapBack(search.progress()),
  };
}

/** Searches one partition in one run of at most `limits.steps` steps (see startPartitionSearch). */
export function searchPartition<State, Input, Output>(problem: SearchProblem<State, Input, Output>, limits: RunLimits): SearchOutcome {
  return startPartitionSearch(problem).run(limits);
}
