import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RegisterInput, RegisterOutput } from "../../models/register-model.js";
import { registerModel } from "../../models/register-model.js";
import type { Operation } from "../operation.js";
import { IndeterminateSets } from "./indeterminate-sets.js";
import { ScratchArrays, freshArrays } from "./scratch-arrays.js";
import { sortedOrder } from "./sorted-order.js";
import { starvationLookahead } from "./starvation-lookahead.js";

describe("the interned sets of indeterminate operations", () => {
  it("gives equal sets one id and different sets different ids, whatever order they come in", () => {
    fc.assert(
      fc.property(fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 95 }), { maxLength: 12 }), { minLength: 1, maxLength: 40 }), (sets) => {
        const words = 3;
        const interned = new IndeterminateSets(words);
        const idOf = new Map<string, number>();
        for (const members of sets) {
          const bits = new Uint32Array(words);
          let hash = 0;
          for (const op of members) {
            bits[op >> 5] = (bits[op >> 5] as number) | (1 << (op & 31));
            // Any function of the set will do; a weak one makes the table compare more.
            hash ^= Math.imul(op + 1, 0x9e3779b1) & 0xff;
          }
          const key = [...members].sort((a, b) => a - b).join(",");
          const id = interned.intern(bits, 0, hash);
          const known = idOf.get(key);
          if (known === undefined) {
            expect([...idOf.values()]).not.toContain(id);
            idOf.set(key, id);
          } else expect(id).toBe(known);
        }
        // The empty set was there from the start.
        expect(interned.intern(new Uint32Array(words), 0, 0)).toBe(0);
      }),
      { seed: 1601, numRuns: 100 },
    );
  });
});

describe("the search's scratch arrays", () => {
  it("hands out zeroed or filled arrays that do not overlap, also from buffers given back by an earlier search", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ kind: fc.constantFrom("int32", "uint32", "uint8", "float64"), length: fc.integer({ min: 0, max: 5000 }), fill: fc.integer({ min: -2, max: 2 }) }), { maxLength: 30 }), (requests) => {
        // An earlier search scribbles over its buffers and gives them back.
        const earlier = new ScratchArrays(1 << 16);
        earlier.int32(1 << 14, -7);
        earlier.release();
        const arrays = new ScratchArrays(1024);
        const given = requests.map(({ kind, length, fill }) => {
          if (kind === "int32") return { array: arrays.int32(length, fill), fill };
          if (kind === "float64") return { array: arrays.float64(length, fill), fill };
          return { array: kind === "uint32" ? arrays.uint32(length) : arrays.uint8(length), fill: 0 };
        });
        for (const { array, fill } of given) expect(array.every((value) => value === fill)).toBe(true);
        // Writing each one leaves the others as they were.
        given.forEach(({ array }, k) => array.fill(k + 3));
        given.forEach(({ array }, k) => expect(array.every((value) => value === k + 3)).toBe(true));
        arrays.release();
      }),
      { seed: 1602, numRuns: 60 },
    );
  });
});

describe("the sorted order of positions by key", () => {
  it("is the stable sort by key, whether the keys come sorted, in runs or shuffled", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 200 }), (keys) => {
        const order = Array.from(sortedOrder(Float64Array.from(keys)));
        const expected = keys.map((_, i) => i).sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b);
        expect(order).toEqual(expected);
      }),
      { seed: 1603, numRuns: 200 },
    );
  });
});

describe("the starvation lookahead", () => {
  type RegisterOp = Operation<RegisterInput, RegisterOutput>;
  const registerOp: fc.Arbitrary<RegisterOp> = fc
    .record({
      call: fc.integer({ min: 0, max: 12 }),
      length: fc.integer({ min: 0, max: 5 }),
      pending: fc.integer({ min: 0, max: 5 }),
      kind: fc.constantFrom("read", "write", "cas"),
      value: fc.constantFrom("a", "b", "c"),
      expected: fc.constantFrom("a", "b", "c"),
      ok: fc.boolean(),
    })
    .map(({ call, length, pending, kind, value, expected, ok }): RegisterOp => {
      const ret = pending === 0 ? null : call + length;
      if (kind === "read") return { client: 0, call, return: ret, input: { op: "read" }, output: ret === null ? null : value };
      if (kind === "write") return { client: 0, call, return: ret, input: { op: "write", value }, output: null };
      return { client: 0, call, return: ret, input: { op: "cas", expected, value }, output: ret === null ? null : ok };
    });

  /** Which pending operations are starved, from scratch: no producer left that was invoked before it returned (producers that can never fire dropped first). */
  function starvedFromScratch(operations: readonly RegisterOp[], done: ReadonlySet<number>, idOf: (state: string | null) => number): number[] {
    const need = operations.map((op) => (op.return === null ? undefined : registerModel.requires?.(op.input, op.output as RegisterOutput)));
    const enabling = operations.map((op) => registerModel.requires?.(op.input, op.return === null ? undefined : (op.output as RegisterOutput)));
    const made = operations.map((op) => {
      const output = op.return === null ? undefined : (op.output as RegisterOutput);
      return registerModel.isReadOnly?.(op.input, output) === true ? undefined : registerModel.produces?.(op.input, output);
    });
    for (let changed = true; changed; ) {
      changed = false;
      operations.forEach((_, i) => {
        const e = enabling[i];
        if (made[i] === undefined || e === undefined || idOf(e) === idOf(null)) return;
        if (operations.some((__, j) => j !== i && made[j] !== undefined && idOf(made[j] as string) === idOf(e))) return;
        made[i] = undefined;
        changed = true;
      });
    }
    return operations
      .map((op, r) => ({ op, r }))
      .filter(({ op, r }) => {
        const wanted = need[r];
        if (wanted === undefined || done.has(r)) return false;
        return operations.every((p, j) => made[j] === undefined || idOf(made[j] as string) !== idOf(wanted) || p.call > (op.return as number) || done.has(j));
      })
      .map(({ r }) => r);
  }

  it("counts starved operations incrementally exactly as a recount from scratch would, through any lifts and undos", () => {
    fc.assert(
      fc.property(fc.array(registerOp, { minLength: 1, maxLength: 10 }), fc.array(fc.nat(), { maxLength: 12 }), (operations, picks) => {
        const ids = new Map<string | null, number>([[null, 0]]);
        const idOf = (state: string | null): number => {
          if (!ids.has(state)) ids.set(state, ids.size);
          return ids.get(state) as number;
        };
        const readOnly = Uint8Array.from(operations, (op) => (op.return !== null && registerModel.isReadOnly?.(op.input, op.output as RegisterOutput) === true ? 1 : 0));
        const starvation = starvationLookahead(registerModel, { operations, readOnly, intern: idOf, initial: 0, arrays: freshArrays });
        const lifted: number[] = [];
        const check = (): void => {
          const expected = starvedFromScratch(operations, new Set(lifted), idOf);
          if (starvation === undefined) {
            expect(expected).toEqual([]);
            return;
          }
          expect(operations.map((_, op) => op).filter((op) => starvation.isStarved(op))).toEqual(expected);
          expect(starvation.anyStarved()).toBe(expected.length > 0);
        };
        check();
        for (const pick of picks) {
          const free = operations.map((_, op) => op).filter((op) => !lifted.includes(op));
          if (free.length === 0 || pick % 4 === 3) {
            const last = lifted.pop();
            if (last !== undefined) starvation?.unlift(last);
          } else {
            const op = free[pick % free.length] as number;
            lifted.push(op);
            starvation?.lift(op, 0);
          }
          check();
        }
      }),
      { seed: 1604, numRuns: 300 },
    );
  });
});
