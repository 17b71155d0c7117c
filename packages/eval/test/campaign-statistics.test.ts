import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { censoredMedian, summariseCampaigns, wilsonInterval } from "../src/campaign-statistics.js";

describe("campaign statistics", () => {
  it("the Wilson interval of 29 of 30 matches the published formula's value", () => {
    const i = wilsonInterval(29, 30);
    expect(i.low).toBeCloseTo(0.8333, 3);
    expect(i.high).toBeCloseTo(0.9941, 3);
    expect(i.confidence).toBe(0.95);
  });

  it("the Wilson interval is not degenerate at 0 of n and n of n", () => {
    expect(wilsonInterval(0, 30).low).toBe(0);
    expect(wilsonInterval(0, 30).high).toBeGreaterThan(0.1);
    expect(wilsonInterval(30, 30).low).toBeLessThan(0.9);
    expect(wilsonInterval(30, 30).high).toBeCloseTo(1, 12);
  });

  it("the Wilson interval always holds the observed rate and stays within 0 and 1", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
        const found = Math.round(f * n);
        const i = wilsonInterval(found, n);
        return (i.low as number) >= 0 && (i.high as number) <= 1 && (i.low as number) <= found / n + 1e-12 && (i.high as number) >= found / n - 1e-12;
      }),
    );
  });

  it("the median of 30 campaigns gets the order statistics 10 and 21 as its 95% interval", () => {
    const samples = Array.from({ length: 30 }, (_, i) => i + 1);
    const m = censoredMedian(samples);
    expect(m.median).toBe(15);
    expect(m.interval.low).toBe(10);
    expect(m.interval.high).toBe(21);
    expect(m.interval.confidence).toBeGreaterThanOrEqual(0.95);
  });

  it("campaigns that found nothing count as beyond the budget, so a median needs more than half found", () => {
    expect(censoredMedian([5, null, null]).median).toBeNull();
    expect(censoredMedian([5, 7, null]).median).toBe(7);
    const m = censoredMedian([...Array.from({ length: 20 }, (_, i) => i + 1), ...Array.from({ length: 10 }, () => null)]);
    expect(m.median).toBe(15);
    expect(m.interval.high).toBeNull();
  });

  it("a summary counts found campaigns and reports the found rate's interval", () => {
    const s = summariseCampaigns([3, 9, null, 4]);
    expect(s).toMatchObject({ campaigns: 4, found: 3, foundRate: 0.75, medianTrials: 4 });
    expect(s.foundInterval.low).toBeLessThan(0.75);
  });

  it("a summary does not depend on the order the campaigns finished in: a pool merges outputs in any order", () => {
    const trials = fc.array(fc.option(fc.integer({ min: 1, max: 300 }), { nil: null }), { minLength: 1, maxLength: 40 });
    const withShuffle = trials.chain((campaigns) => fc.tuple(fc.constant(campaigns), fc.shuffledSubarray(campaigns, { minLength: campaigns.length, maxLength: campaigns.length })));
    fc.assert(
      fc.property(withShuffle, ([campaigns, shuffled]) => {
        expect(summariseCampaigns(shuffled)).toEqual(summariseCampaigns(campaigns));
      }),
      { numRuns: 200 },
    );
  });

  it("a summary of two batches put together counts what the two count apart", () => {
    const trials = fc.array(fc.option(fc.integer({ min: 1, max: 300 }), { nil: null }), { maxLength: 20 });
    fc.assert(
      fc.property(trials, trials, (a, b) => {
        const joined = summariseCampaigns([...a, ...b]);
        expect(joined.campaigns).toBe(summariseCampaigns(a).campaigns + summariseCampaigns(b).campaigns);
        expect(joined.found).toBe(summariseCampaigns(a).found + summariseCampaigns(b).found);
      }),
      { numRuns: 200 },
    );
  });
});
