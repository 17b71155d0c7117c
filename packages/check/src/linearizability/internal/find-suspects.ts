import type { Operation } from "../operation.js";
import type { LinearizabilityWitness, Suspect } from "../result.js";

/** Candidates tried at most, and confirmed ones wanted, per illegal partition. */
const CANDIDATES_MAX = 6;
/** Operations at the end of the longest prefix that are candidates too (a bad write is linearised before it shows). */
const PREFIX_TAIL = 2;

/** What {@link findSuspects} needs: the failing partition, the witness, hints, and a way to check a history. */
export interface SuspectSearch<State, Input, Output> {
  readonly part: readonly Operation<Input, Output>[];
  readonly witness: Omit<LinearizabilityWitness<State, Input, Output>, "partition" | "suspects">;
  /** Operations a model's decision named (indices into `part`), tried first. */
  readonly hints: readonly number[];
  readonly positions: ReadonlyMap<Operation<Input, Output>, number>;
  /** Checks a history with the same model (one partition), answering ok, illegal or unknown, and the steps it took. */
  readonly check: (operations: readonly Operation<Input, Output>[]) => { readonly verdict: string; readonly steps: number };
  /** Whether another check may start (steps and time left). */
  readonly mayContinue: () => boolean;
}

/**
 * The operations most likely at fault, best first: for each candidate (the
 * model's hints, the operation that was due when the search got stuck, the
 * blocked operations illegal after the longest prefix, the other blocked
 * ones, the end of the prefix), the partition is checked again without it,
 * until one makes it linearizable; that one is `confirmed` and comes first.
 * Each check is a full check of the partition (fast paths included), so on
 * a large history with one bad read this costs about one more check.
 */
export function findSuspects<State, Input, Output>(search: SuspectSearch<State, Input, Output>): { readonly suspects: Suspect<Input, Output>[]; readonly steps: number } {
  const { part, witness, hints, positions } = search;
  const candidates: Operation<Input, Output>[] = [];
  const add = (op: Operation<Input, Output> | undefined): void => {
    // Removing an operation that never returned changes nothing: it may never have happened anyway.
    if (op !== undefined && op.return !== null && candidates.length < CANDIDATES_MAX && !candidates.includes(op)) candidates.push(op);
  };
  for (const h of hints) add(part[h]);
  add(witness.deadline?.operation);
  for (const blocked of witness.blocked) if (!blocked.legal) add(blocked.operation);
  for (const blocked of witness.blocked) add(blocked.operation);
  for (let k = witness.prefix.length - 1; k >= Math.max(0, witness.prefix.length - PREFIX_TAIL); k--) add(witness.prefix[k]?.operation);
  let steps = 0;
  let confirmed: Operation<Input, Output> | undefined;
  for (const candidate of candidates) {
    if (!search.mayContinue()) break;
    const outcome = search.check(part.filter((op) => op !== candidate));
    steps += outcome.steps;
    if (outcome.verdict === "ok") {
      confirmed = candidate;
      break;
    }
  }
  const ordered = confirmed === undefined ? candidates : [confirmed, ...candidates.filter((op) => op !== confirmed)];
  return { suspects: ordered.map((operation) => ({ index: positions.get(operation) ?? -1, operation, confirmed: operation === confirmed })), steps };
}
