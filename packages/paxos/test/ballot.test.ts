import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ballotProposer, ballotRound, encodeBallot, nextBallot } from "../src/index.js";

describe("ballots as integers", () => {
  it("law: encoding is one-to-one, ordered by round then proposer, and decodes back", () => {
    fc.assert(
      fc.property(fc.record({ size: fc.constantFrom(3, 5), r1: fc.nat(1000), r2: fc.nat(1000), p1: fc.nat(4), p2: fc.nat(4) }), ({ size, r1, r2, p1, p2 }) => {
        const a = encodeBallot(r1, p1 % size, size);
        const b = encodeBallot(r2, p2 % size, size);
        expect([ballotRound(a, size), ballotProposer(a, size)]).toEqual([r1, p1 % size]);
        expect(Math.sign(a - b)).toBe(Math.sign(r1 - r2 || (p1 % size) - (p2 % size)));
      }),
    );
  });

  it("law: the next ballot of a proposer is above any ballot it has seen and its own", () => {
    fc.assert(
      fc.property(fc.constantFrom(3, 5), fc.nat(10_000), fc.nat(4), (size, seen, p) => {
        const next = nextBallot(seen, p % size, size);
        expect(next).toBeGreaterThan(seen);
        expect(ballotProposer(next, size)).toBe(p % size);
      }),
    );
  });

  it("keeps 0 for no ballot: every real ballot is at least the cluster size", () => {
    expect(nextBallot(0, 0, 3)).toBe(3);
    expect(nextBallot(0, 4, 5)).toBe(9);
  });
});
