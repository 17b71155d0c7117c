import { existsSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { renderReportHtml } from "../src/index.js";
import { SYNTHETIC_COUNTEREXAMPLES, syntheticResults } from "./fixtures/synthetic-results.js";

const CHROMIUM = "/usr/bin/chromium";
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) console.warn(`report browser test skipped: ${CHROMIUM} is absent (apt-get install chromium); CI installs it`);

describe.skipIf(!haveChromium)("report.html in headless Chromium", () => {
  it("loads with no console error, requests nothing but itself, and shows every protocol's section and diagrams", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cx-report-browser-"));
    const page = join(dir, "report.html");
    writeFileSync(page, renderReportHtml(syntheticResults(`<script>alert("x")</script> & 'q'`)));
    const url = pathToFileURL(page).href;
    const context = await chromium.launchPersistentContext(join(dir, "profile"), {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    try {
      const tab = await context.newPage();
      const errors: string[] = [];
      const requests: string[] = [];
      const failed: string[] = [];
      const dialogs: string[] = [];
      tab.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      tab.on("pageerror", (error) => errors.push(error.message));
      tab.on("request", (request) => requests.push(request.url()));
      tab.on("requestfailed", (request) => failed.push(request.url()));
      tab.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await tab.goto(url, { waitUntil: "load" });

      const diagrams = tab.locator("img.diagram");
      await expect.poll(() => diagrams.count()).toBe(SYNTHETIC_COUNTEREXAMPLES);
      for (let i = 0; i < SYNTHETIC_COUNTEREXAMPLES; i++) {
        const diagram = diagrams.nth(i);
        await diagram.scrollIntoViewIfNeeded();
        expect(await diagram.isVisible()).toBe(true);
        // naturalWidth > 0: the SVG decoded and rendered, not a broken image.
        expect(await diagram.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0)).toBe(true);
      }
      expect(await tab.locator("ol.story").count()).toBe(SYNTHETIC_COUNTEREXAMPLES);
      for (const name of ["raft", "primary-backup"]) {
        expect(await tab.locator(`section#protocol-${name}`).isVisible()).toBe(true);
        expect(await tab.locator(`table#table-${name}-trials`).count()).toBe(1);
      }

      const screenshot = join(dir, "report.png");
      await tab.screenshot({ path: screenshot, fullPage: false });
      expect(statSync(screenshot).size).toBeGreaterThan(1000);

      expect(errors).toEqual([]);
      expect(failed).toEqual([]);
      expect(dialogs).toEqual([]);
      expect(requests.filter((r) => r !== url && !r.startsWith("data:"))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
