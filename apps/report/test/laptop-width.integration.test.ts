import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { StrategyName } from "@cx/eval";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderReportHtml } from "../src/index.js";
import { LAYOUT_PROBE, type LayoutProbe } from "./fixtures/layout-probe.js";
import { MORE_REAL_BUGS, REAL_BUGS, withRealCounterexamples } from "./fixtures/real-counterexamples.js";
import { syntheticResults } from "./fixtures/synthetic-results.js";

const CHROMIUM = "/usr/bin/chromium";
const haveChromium = existsSync(CHROMIUM);
const inCi = process.env["CI"] !== undefined && process.env["CI"] !== "" && process.env["CI"] !== "false";
if (!haveChromium) console.warn(`report laptop-width test skipped: ${CHROMIUM} is absent (apt-get install chromium); CI installs it`);

describe.runIf(!haveChromium && inCi)("report.html at a laptop's width, in CI", () => {
  it("has Chromium to run in: the browser tests are never skipped in CI", () => {
    expect.fail(`${CHROMIUM} is absent: CI must install chromium for the report's browser tests`);
  });
});

/** A laptop's screen: the width the report must read at without sideways scrolling. */
const LAPTOP = { width: 1280, height: 800 };
/** Every strategy cx has: five, more than the palette's first four colours. */
const STRATEGIES: readonly StrategyName[] = ["portfolio", "random", "coverage", "bandit", "explore"];
/** The committed report of the real experiment (`pnpm report` writes it from results/results.json). */
const COMMITTED = new URL("../../../results/report.html", import.meta.url);

/** CIE76 ΔE between two `rgb(r, g, b)` colours: how far apart they look (about 2 is just noticeable; 20 and more, plainly different). */
function deltaE(a: string, b: string): number {
  const lab = (rgb: string): [number, number, number] => {
    const [r, g, bl] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    const f = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
    const x = f((0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047);
    const y = f(0.2126 * r + 0.7152 * g + 0.0722 * bl);
    const z = f((0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883);
    return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
  };
  const [l1, a1, b1] = lab(a);
  const [l2, a2, b2] = lab(b);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

describe.skipIf(!haveChromium)("report.html at a laptop's width (1280 x 800) in headless Chromium", () => {
  const dir = mkdtempSync(join(tmpdir(), "cx-report-laptop-"));
  const fixture = join(dir, "report.html");
  let context: BrowserContext;
  const probes = new Map<string, LayoutProbe>();
  const errors: string[] = [];

  const open = async (name: string, url: string): Promise<void> => {
    const tab: Page = await context.newPage();
    tab.on("pageerror", (error) => errors.push(`${name}: ${error.message}`));
    await tab.goto(url, { waitUntil: "load" });
    probes.set(name, (await tab.evaluate(LAYOUT_PROBE)) as LayoutProbe);
  };

  beforeAll(async () => {
    // Five strategies, and seven real (unshrunk, crowded) Raft counterexamples drawn live.
    writeFileSync(fixture, renderReportHtml(withRealCounterexamples(syntheticResults(undefined, { strategies: STRATEGIES }), [...REAL_BUGS, ...MORE_REAL_BUGS])));
    context = await chromium.launchPersistentContext(join(dir, "profile"), {
      executablePath: CHROMIUM,
      headless: true,
      viewport: LAPTOP,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    await open("fixture", pathToFileURL(fixture).href);
    if (existsSync(COMMITTED)) await open("committed", COMMITTED.href);
  });

  afterAll(async () => {
    // The browser first, then the folder with its profile (and the page), even when the browser never started.
    try {
      await context.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const reports = [
    { name: "fixture", what: "the report of a synthetic results file with five strategies and seven real counterexamples" },
    { name: "committed", what: "the committed results/report.html" },
  ] as const;

  for (const { name, what } of reports) {
    const probe = (): LayoutProbe => {
      const found = probes.get(name);
      if (found === undefined) throw new Error(`${name} was not loaded`);
      return found;
    };
    const present = (): boolean => name === "fixture" || existsSync(COMMITTED);

    describe(what, () => {
      it("never scrolls the page sideways, and every table and figure fits the viewport", ({ skip }) => {
        if (!present()) skip();
        const p = probe();
        expect(p.viewportWidth).toBe(LAPTOP.width);
        expect(p.pageScrollWidth).toBeLessThanOrEqual(LAPTOP.width);
        expect(p.tables.length).toBeGreaterThan(5);
        const wideTables = p.tables.filter((t) => t.scrollWidth > t.boxWidth + 1 || t.boxRight > LAPTOP.width);
        expect(wideTables, "tables wider than their box (they would scroll sideways)").toEqual([]);
        const wideFigures = p.figures.filter((f) => f.left < 0 || f.right > LAPTOP.width);
        expect(wideFigures, "plots and pictures past the viewport").toEqual([]);
      });

      it("shows each diagram's violation without sideways scrolling: the drawing fits its box, or its box opens at the violation", ({ skip }) => {
        if (!present()) skip();
        const p = probe();
        expect(p.boxes.filter((b) => b.kind === "space-time").length).toBeGreaterThan(1);
        expect(p.boxes.filter((b) => b.kind === "history").length).toBeGreaterThan(0);
        for (const b of p.boxes) {
          expect(b.left, `${b.id}: box inside the viewport`).toBeGreaterThanOrEqual(0);
          expect(b.right, `${b.id}: box inside the viewport`).toBeLessThanOrEqual(LAPTOP.width);
          const fits = b.scrollWidth <= b.clientWidth + 1;
          expect(fits || b.markShown === true, `${b.id} (${b.kind}): scrolls (${b.scrollWidth} > ${b.clientWidth}) and its violation is out of view`).toBe(true);
        }
        // At this width every diagram of these reports scales down to its box.
        expect(p.boxes.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.id)).toEqual([]);
      });

      it("writes no diagram label over another, over an arrow, or off the drawing", ({ skip }) => {
        if (!present()) skip();
        const p = probe();
        for (const d of p.diagrams) {
          expect(d.texts, `${d.id}: has labels`).toBeGreaterThan(20);
          expect(d.overlaps, `${d.id}: overlapping labels`).toEqual([]);
          expect(d.crossed, `${d.id}: labels an arrow runs through`).toEqual([]);
          expect(d.outside, `${d.id}: labels cut off at the drawing's edge`).toEqual([]);
        }
        // Not vacuous: the arrows are labelled.
        expect(p.diagrams.reduce((n, d) => n + d.messageLabels, 0)).toBeGreaterThan(p.diagrams.length);
      });

      it("gives every strategy its own colour, the same in every chart, line and legend alike", ({ skip }) => {
        if (!present()) skip();
        const p = probe();
        expect(p.charts.length).toBeGreaterThan(1);
        const colourOf = new Map<string, string>();
        for (const chart of p.charts) {
          expect(chart.lines.map((l) => l.strategy).sort(), `${chart.id}: a line per strategy`).toEqual([...STRATEGIES].sort());
          expect(chart.legend).toEqual(chart.lines);
          for (const { strategy, color } of chart.lines) {
            expect(colourOf.get(strategy) ?? color, `${chart.id}: ${strategy}'s colour as in the other charts`).toBe(color);
            colourOf.set(strategy, color);
          }
        }
        const colours = [...colourOf.entries()];
        expect(colours.length).toBe(STRATEGIES.length);
        for (let i = 0; i < colours.length; i++) {
          for (let j = i + 1; j < colours.length; j++) {
            const [s1, c1] = colours[i] as [string, string];
            const [s2, c2] = colours[j] as [string, string];
            expect(deltaE(c1, c2), `${s1} (${c1}) and ${s2} (${c2}) look alike`).toBeGreaterThan(20);
          }
        }
      });
    });
  }

  it("ran no script into an error", () => {
    expect(errors).toEqual([]);
  });
});
