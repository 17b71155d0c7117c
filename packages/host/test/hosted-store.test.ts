import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type HostedDisk, HostedStore, type KeyRange } from "../src/node/hosted-disk.js";

/** The range a naive store answers: every key, sorted, filtered, reversed, cut. */
function naiveRange(records: ReadonlyMap<string, string>, range: KeyRange): [string, string][] {
  let keys = [...records.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  keys = keys.filter((k) => (range.gt === undefined || k > range.gt) && (range.gte === undefined || k >= range.gte) && (range.lt === undefined || k < range.lt) && (range.lte === undefined || k <= range.lte));
  if (range.reverse === true) keys.reverse();
  if (range.limit !== undefined && range.limit >= 0) keys = keys.slice(0, range.limit);
  return keys.map((k) => [k, records.get(k) as string]);
}

const key = fc.stringMatching(/^[a-c]{0,3}$/);
const op = fc.oneof(fc.tuple(fc.constant("put" as const), key, fc.string({ maxLength: 3 })), fc.tuple(fc.constant("del" as const), key, fc.constant("")));
const range = fc.record({ gt: fc.option(key, { nil: undefined }), gte: fc.option(key, { nil: undefined }), lt: fc.option(key, { nil: undefined }), lte: fc.option(key, { nil: undefined }), reverse: fc.boolean(), limit: fc.option(fc.integer({ min: -1, max: 5 }), { nil: undefined }) }, { requiredKeys: [] });

describe("a hosted node's store", () => {
  it("answers every range query as a sorted map would, after any writes and deletes", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), fc.array(range, { minLength: 1, maxLength: 5 }), (ops, ranges) => {
        const store = new HostedStore(undefined, () => 0, () => undefined);
        const model = new Map<string, string>();
        for (const [kind, k, v] of ops) {
          store.put(k, kind === "put" ? v : undefined);
          if (kind === "put") model.set(k, v);
          else model.delete(k);
          for (const r of ranges) expect(store.range(r as KeyRange)).toEqual(naiveRange(model, r as KeyRange));
        }
      }),
    );
  });

  it("keeps across a crash exactly the synced writes and the drawn prefix of the rest", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.string({ maxLength: 2 }), fc.boolean()), { maxLength: 20 }), fc.nat(25), (writes, kept) => {
        let disk: HostedDisk | undefined;
        const store = new HostedStore(undefined, () => 0, (d) => (disk = d));
        const durable = new Map<string, string>();
        const pending: [string, string][] = [];
        let sync = 0;
        for (const [k, v, synced] of writes) {
          store.put(k, v);
          pending.push([k, v]);
          if (synced) {
            store.syncIssued(++sync);
            store.syncCompleted(sync);
            for (const [pk, pv] of pending.splice(0)) durable.set(pk, pv);
          }
        }
        const expected = new Map(durable);
        for (const [pk, pv] of pending.slice(0, Math.min(kept, pending.length))) expected.set(pk, pv);
        const restarted = new HostedStore(disk, (n) => Math.min(kept, n), () => undefined);
        expect(new Map(restarted.range({}))).toEqual(expected);
      }),
    );
  });
});
