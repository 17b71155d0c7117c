import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Operation } from "../operation.js";
import { EventList } from "./event-list.js";
import { LinearisedSet } from "./linearised-set.js";

/** Operations as the partition search numbers them: those that returned first, then those that never did, each by call. */
const partitionOperations = fc
  .array(fc.record({ call: fc.integer({ min: 0, max: 20 }), length: fc.integer({ min: 0, max: 8 }), returned: fc.boolean() }), { minLength: 1, maxLength: 24 })
  .map((raw) => {
    const toOp = (r: (typeof raw)[number]): Operation<null, null> => ({ client: 0, call: r.call, return: r.returned ? r.call + r.length : null, input: null, output: null });
    const byCall = (a: Operation<null, null>, b: Operation<null, null>) => a.call - b.call;
    const completed = raw.filter((r) => r.returned).map(toOp).sort(byCall);
    const pending = raw.filter((r) => !r.returned).map(toOp).sort(byCall);
    return { operations: [...completed, ...pending], completed: completed.length };
  });

/** The events left in the list, head to tail. */
function walk(list: EventList): number[] {
  const nodes: number[] = [];
  for (let node = list.first(); node !== -1; node = list.next[node] as number) nodes.push(node);
  return nodes;
}

describe("the partition search's event list", () => {
  it("holds every call and every return once, in time order, calls before returns at equal times", () => {
    fc.assert(
      fc.property(partitionOperations, ({ operations, completed }) => {
        const nodes = walk(new EventList(operations, completed));
        expect(nodes).toHaveLength(operations.length + completed);
        expect(new Set(nodes).size).toBe(nodes.length);
        const timeOf = (node: number): number => {
          const op = operations[node >> 1] as Operation<null, null>;
          return node % 2 === 0 ? op.call : (op.return as number);
        };
        const outOfOrder = nodes.slice(1).filter((b, k) => {
          const a = nodes[k] as number;
          return timeOf(a) > timeOf(b) || (timeOf(a) === timeOf(b) && a % 2 === 1 && b % 2 === 0);
        });
        expect(outOfOrder).toEqual([]);
        // Every call comes before its own return.
        const returnBeforeCall = Array.from({ length: completed }, (_, i) => i).filter((i) => nodes.indexOf(2 * i) > nodes.indexOf(2 * i + 1));
        expect(returnBeforeCall).toEqual([]);
      }),
      { seed: 1202, numRuns: 100 },
    );
  });

  it("comes back exactly as it was when lifts are undone in reverse order (dancing links)", () => {
    fc.assert(
      fc.property(partitionOperations, fc.array(fc.nat(), { maxLength: 12 }), ({ operations, completed }, picks) => {
        const list = new EventList(operations, completed);
        const before = { next: list.next.slice(), prev: list.prev.slice() };
        const lifted: number[] = [];
        for (const pick of picks) {
          const remaining = walk(list).filter((node) => node % 2 === 0);
          if (remaining.length === 0) break;
          const call = remaining[pick % remaining.length] as number;
          list.lift(call, (call >> 1) < completed);
          lifted.push(call);
        }
        const left = walk(list);
        expect(lifted.filter((call) => left.includes(call) || ((call >> 1) < completed && left.includes(call + 1)))).toEqual([]);
        for (const call of lifted.reverse()) list.unlift(call, (call >> 1) < completed);
        expect(list.next).toEqual(before.next);
        expect(list.prev).toEqual(before.prev);
      }),
      { seed: 1203, numRuns: 100 },
    );
  });
});

describe("the partition search's linearised set", () => {
  it("hashes a set the same whatever order its operations were added in, and back to zero when all are removed", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 69 }), { maxLength: 30 }), fc.integer(), (ops, seed) => {
        const inOrder = new LinearisedSet(70, 60);
        for (const op of ops) inOrder.toggleHash(op);
        const shuffled = [...ops].sort((a, b) => ((a * 2654435761) ^ seed) - ((b * 2654435761) ^ seed));
        const inOtherOrder = new LinearisedSet(70, 60);
        for (const op of shuffled) inOtherOrder.toggleHash(op);
        expect(inOtherOrder.zobrist).toBe(inOrder.zobrist);
        for (const op of ops) inOrder.toggleHash(op);
        expect(inOrder.zobrist).toBe(0);
      }),
      { seed: 1204, numRuns: 100 },
    );
  });

  it("knows its members and finds the first completed operation not linearised", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { maxLength: 60 }), fc.integer({ min: 0, max: 99 }), (ops, from) => {
        const completed = 80;
        const set = new LinearisedSet(100, completed);
        for (const op of ops) set.add(op);
        const members = Array.from({ length: 100 }, (_, op) => op).filter((op) => set.has(op));
        expect(members).toEqual([...ops].sort((a, b) => a - b));
        let expected = from;
        while (expected < completed && ops.includes(expected)) expected++;
        expect(set.nextUnset(from)).toBe(expected);
        for (const op of ops) set.remove(op);
        expect(set.bits.every((word) => word === 0)).toBe(true);
      }),
      { seed: 1205, numRuns: 100 },
    );
  });
});
