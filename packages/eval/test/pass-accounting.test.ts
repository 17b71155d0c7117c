import { describe, expect, it } from "vitest";
import { accountPasses } from "../src/index.js";

describe("accountPasses", () => {
  it("sums each pass over the shrinks, counts the shrinks it helped, and puts the dearest first", () => {
    const rows = accountPasses([
      { passes: [{ name: "zero", tried: 10, accepted: 2, runs: 8 }, { name: "place", tried: 50, accepted: 0, runs: 40 }] },
      { passes: [{ name: "zero", tried: 5, accepted: 0, runs: 5 }, { name: "place", tried: 30, accepted: 1, runs: 30 }] },
      {},
    ]);
    expect(rows).toEqual([
      { name: "place", tried: 80, accepted: 1, runs: 70, findsHelped: 1 },
      { name: "zero", tried: 15, accepted: 2, runs: 13, findsHelped: 1 },
    ]);
    expect(accountPasses([])).toEqual([]);
  });
});
