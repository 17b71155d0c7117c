import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderReportHtml } from "../src/index.js";
import { REAL_BUGS, withRealCounterexamples } from "./fixtures/real-counterexamples.js";
import { SYNTHETIC_COUNTEREXAMPLES, syntheticResults } from "./fixtures/synthetic-results.js";

const CHROMIUM = "/usr/bin/chromium";
const haveChromium = existsSync(CHROMIUM);
const inCi = process.env["CI"] !== undefined && process.env["CI"] !== "" && process.env["CI"] !== "false";
if (!haveChromium) console.warn(`report browser test skipped: ${CHROMIUM} is absent (apt-get install chromium); CI installs it`);

describe.runIf(!haveChromium && inCi)("report.html in headless Chromium, in CI", () => {
  it("has Chromium to run in: the browser tests are never skipped in CI", () => {
    expect.fail(`${CHROMIUM} is absent: CI must install chromium for the report's browser tests`);
  });
});

/** What the page did that it must not: console errors, requests, dialogs. */
interface Misdeeds {
  readonly errors: string[];
  readonly requests: string[];
  readonly failed: string[];
  readonly dialogs: string[];
}

describe.skipIf(!haveChromium)("report.html in headless Chromium", () => {
  const dir = mkdtempSync(join(tmpdir(), "cx-report-browser-"));
  const file = join(dir, "report.html");
  const url = pathToFileURL(file).href;
  let context: BrowserContext;
  let tab: Page;
  const misdeeds: Misdeeds = { errors: [], requests: [], failed: [], dialogs: [] };

  beforeAll(async () => {
    writeFileSync(file, renderReportHtml(withRealCounterexamples(syntheticResults(`<script>alert("x")</script> & 'q'`))));
    // One browser per file, a fresh empty profile, nothing that phones home.
    context = await chromium.launchPersistentContext(join(dir, "profile"), {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1200, height: 900 },
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    tab = await context.newPage();
    tab.on("console", (message) => {
      if (message.type() === "error") misdeeds.errors.push(message.text());
    });
    tab.on("pageerror", (error) => misdeeds.errors.push(error.message));
    tab.on("request", (request) => misdeeds.requests.push(request.url()));
    tab.on("requestfailed", (request) => misdeeds.failed.push(request.url()));
    tab.on("dialog", (dialog) => {
      misdeeds.dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await tab.goto(url, { waitUntil: "load" });
  });

  afterAll(async () => {
    // The browser first, then the folder with its profile (and the page), even when the browser never started.
    try {
      await context.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("loads and shows every protocol's section, every diagram inline or as a decoded image", async () => {
    const inline = tab.locator("svg.cx-diagram");
    const images = tab.locator("img.diagram");
    await expect.poll(() => inline.count()).toBe(REAL_BUGS.length);
    expect(await images.count()).toBe(SYNTHETIC_COUNTEREXAMPLES - REAL_BUGS.length);
    for (let i = 0; i < (await images.count()); i++) {
      const image = images.nth(i);
      await image.scrollIntoViewIfNeeded();
      // naturalWidth > 0: the SVG decoded and rendered, not a broken image.
      expect(await image.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0)).toBe(true);
    }
    for (let i = 0; i < REAL_BUGS.length; i++) {
      const svg = inline.nth(i);
      await svg.scrollIntoViewIfNeeded();
      expect(await svg.isVisible()).toBe(true);
      // Inline, so its tooltips are live: shapes carry <title> children the browser shows on hover.
      expect(await svg.locator("g > title").count()).toBeGreaterThan(5);
    }
    expect(await tab.locator("ol.story").count()).toBe(SYNTHETIC_COUNTEREXAMPLES);
    for (const name of ["raft", "primary-backup"]) {
      expect(await tab.locator(`section#protocol-${name}`).isVisible()).toBe(true);
      expect(await tab.locator(`table#table-${name}-trials`).count()).toBe(1);
      expect(await tab.locator(`#shrink-progress-${name} svg[viewBox]`).count()).toBeGreaterThan(0);
    }
    // A found-by-trial plot per defect, drawn (it has a size) with a line per strategy.
    const plots = tab.locator("figure.plot[id^=found-] svg[viewBox]");
    expect(await plots.count()).toBe(SYNTHETIC_COUNTEREXAMPLES);
    const last = plots.last();
    await last.scrollIntoViewIfNeeded();
    expect((await last.boundingBox())?.width ?? 0).toBeGreaterThan(200);
    expect(await last.locator('[aria-label="line"] path').count()).toBe(3);
  });

  it("highlights a clicked story step's shapes in the diagram, shows a clicked shape's step, and steps with the keyboard", async () => {
    const article = tab.locator(`article[data-cx="raft-${REAL_BUGS[0]?.bug ?? ""}"]`);
    const steps = await article.locator("ol.story li[data-step]").count();
    expect(steps).toBeGreaterThan(2);
    const highlighted = () => article.locator("svg.cx-diagram .hl").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-steps") ?? ""));
    const expected = (n: number) => article.locator(`svg.cx-diagram [data-steps~="${n}"]`).count();

    await article.locator('ol.story li[data-step="2"] button').click();
    expect(await article.getAttribute("data-current")).toBe("2");
    const lit = await highlighted();
    expect(lit.length).toBe(await expected(2));
    expect(lit.length).toBeGreaterThan(0);
    for (const marks of lit) expect(marks.split(" ")).toContain("2");
    expect(await article.locator("li.current").getAttribute("data-step")).toBe("2");
    // The badge is scrolled into the diagram's box.
    const inBox = await article.locator('[data-badge="2"]').evaluate((badge) => {
      const box = badge.closest(".diagram-scroll")?.getBoundingClientRect();
      const r = badge.getBoundingClientRect();
      return box !== undefined && r.left >= box.left && r.right <= box.right;
    });
    expect(inBox).toBe(true);

    await tab.keyboard.press("ArrowRight");
    expect(await article.getAttribute("data-current")).toBe("3");
    expect((await highlighted()).length).toBe(await expected(3));
    await tab.keyboard.press("ArrowLeft");
    await tab.keyboard.press("ArrowLeft");
    expect(await article.getAttribute("data-current")).toBe("1");
    await tab.keyboard.press("ArrowLeft");
    expect(await article.getAttribute("data-current")).toBe("1");
    await article.locator('button[data-move="1"]').click();
    expect(await article.getAttribute("data-current")).toBe("2");
    expect(await article.locator(".step-now").textContent()).toBe(`step 2 of ${steps}`);

    // A click on a shape in the diagram shows its step.
    const last = String(steps);
    await article.locator(`svg.cx-diagram [data-badge="${last}"]`).click();
    expect(await article.getAttribute("data-current")).toBe(last);
    expect(await article.locator("li.current").getAttribute("data-step")).toBe(last);
    expect(await article.locator("li.current").isVisible()).toBe(true);
  });

  it("opens the history view of a linearizability counterexample from its link, the stuck operation shown", async () => {
    const id = "raft-stale_local_read";
    const view = tab.locator(`details#history-${id}`);
    expect(await view.evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(false);
    await tab.locator(`a[data-history="history-${id}"]`).click();
    expect(await view.evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(true);
    expect(tab.url()).toBe(`${url}#history-${id}`);
    const stuck = view.locator('svg [data-role="stuck"]');
    expect(await stuck.count()).toBe(1);
    await stuck.scrollIntoViewIfNeeded();
    expect(await stuck.isVisible()).toBe(true);
    expect(await view.locator("svg [data-role]").count()).toBeGreaterThan(3);
  });

  it("at 420 px wide, scrolls the diagram inside its box and never the page", async () => {
    await tab.setViewportSize({ width: 420, height: 900 });
    try {
      expect(await tab.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
      const box = tab.locator(".diagram-scroll").first();
      await box.scrollIntoViewIfNeeded();
      const { scrollWidth, clientWidth } = await box.evaluate((b) => ({ scrollWidth: b.scrollWidth, clientWidth: b.clientWidth }));
      expect(clientWidth).toBeLessThanOrEqual(420);
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      const screenshot = join(dir, "report-420.png");
      await tab.screenshot({ path: screenshot });
      expect(statSync(screenshot).size).toBeGreaterThan(1000);
    } finally {
      await tab.setViewportSize({ width: 1200, height: 900 });
    }
  });

  it("made no request but the page itself, no console error and no dialog", () => {
    expect(misdeeds.errors).toEqual([]);
    expect(misdeeds.failed).toEqual([]);
    expect(misdeeds.dialogs).toEqual([]);
    expect(misdeeds.requests.filter((r) => r !== url && !r.startsWith("data:"))).toEqual([]);
  });
});
