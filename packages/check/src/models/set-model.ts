import type { Model, StepResult } from "../linearizability/model.js";
import { hashStrings, sameStrings } from "./string-list.js";

/** An operation on a set of strings. */
export type SetInput = { readonly op: "add"; readonly value: string } | { readonly op: "remove"; readonly value: string } | { readonly op: "read" };

/**
 * A set's answer: `read` gives the members (in any order, each once); `add`
 * and `remove` give whether they changed the set, or `null` when the
 * system under test does not say (an acknowledgement only).
 */
export type SetOutput = readonly string[] | boolean | null;

/** The set's state: its members, sorted by UTF-16 code units, each once (never mutated). */
export type SetState = readonly string[];

const ILLEGAL: StepResult<SetState> = Object.freeze({ ok: false });
const EMPTY: SetState = Object.freeze([]);

/** Where `value` is in the sorted `members`, or where it would go (binary search). */
function position(members: SetState, value: string): { readonly at: number; readonly present: boolean } {
  let low = 0;
  let high = members.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((members[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return { at: low, present: low < members.length && members[low] === value };
}

const isList = (output: SetOutput): output is readonly string[] => Array.isArray(output);

/** Whether a read's answer lists exactly the members, in any order, each once. */
function listsExactly(members: SetState, answer: readonly string[]): boolean {
  if (answer.length !== members.length) return false;
  let sorted = true;
  for (let i = 1; i < answer.length && sorted; i++) sorted = (answer[i - 1] as string) < (answer[i] as string);
  // A sorted answer is compared as it is; another is sorted first (a duplicate then differs from the members).
  return sameStrings(members, sorted ? answer : [...answer].sort());
}

/**
 * A set of strings that starts empty: `add(v)` puts `v` in, `remove(v)`
 * takes it out, `read` answers every member.
 *
 * When to use: to check a replicated set, a membership list, a tag store,
 * or Jepsen's set workload (adds, then reads of the whole set).
 *
 * Details:
 * - `read` is legal iff its answer lists exactly the members, in any order;
 *   an answer that repeats a member is never legal.
 * - `add(v)` answering `true` is legal iff `v` was absent, `false` iff it
 *   was present (nothing changes); `null` (the system does not say) is
 *   legal either way. `remove(v)` likewise with present and absent swapped.
 * - An operation that never returned either took effect (its add or
 *   remove applied) or did not; a read that never returned constrains
 *   nothing.
 * - State: the sorted members (`SetState`), hashed and compared by the
 *   model, so the checker memoises it cheaply; keep sets small (tens of
 *   members): every add copies the list.
 *
 * Gotchas: one partition (a read sees every member, so members are not
 * independent). Values are compared as strings with `===`.
 *
 * @example
 * ```ts
 * checkLinearizability(setModel, [
 *   { client: 0, call: 0, return: 2, input: { op: "add", value: "a" }, output: null },
 *   { client: 1, call: 1, return: 3, input: { op: "read" }, output: [] }, // concurrent with the add: fine
 *   { client: 1, call: 4, return: 5, input: { op: "read" }, output: [] }, // after it returned: stale
 * ]).verdict; // "illegal"
 * ```
 */
export const setModel: Model<SetState, SetInput, SetOutput> = {
  name: "set",
  init: () => EMPTY,
  step(state, input, output) {
    if (input.op === "read") return output === undefined || (output !== null && isList(output) && listsExactly(state, output)) ? { ok: true, state } : ILLEGAL;
    const { at, present } = position(state, input.value);
    const changes = input.op === "add" ? !present : present;
    if (output !== undefined && output !== null && output !== changes) return ILLEGAL;
    if (!changes) return { ok: true, state };
    const next = input.op === "add" ? [...state.slice(0, at), input.value, ...state.slice(at)] : [...state.slice(0, at), ...state.slice(at + 1)];
    return { ok: true, state: next };
  },
  hash: hashStrings,
  equal: sameStrings,
  // An add or remove that reported no change found the set as it leaves it.
  isReadOnly: (input, output) => input.op === "read" || output === false,
  describeOperation(input, output) {
    if (input.op === "read") return `read() -> ${output !== null && isList(output) ? showMembers(output) : "?"}`;
    const answer = output === true ? " -> changed" : output === false ? " -> unchanged" : "";
    return `${input.op}(${JSON.stringify(input.value)})${answer}`;
  },
  describeState: showMembers,
};

function showMembers(members: readonly string[]): string {
  return members.length === 0 ? "{}" : `{ ${members.map((member) => JSON.stringify(member)).join(", ")} }`;
}
