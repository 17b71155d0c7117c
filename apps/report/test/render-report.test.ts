import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderSummaryMarkdown } from "@cx/eval";
import { describe, expect, it } from "vitest";
import { escapeHtml, isResultsFileError, readResultsFile, renderReportHtml, writeReport } from "../src/index.js";
import { syntheticResults } from "./fixtures/synthetic-results.js";

const HOSTILE = `<script>alert("x")</script> & 'quoted' "double" <img src=x onerror=alert(1)>`;

describe("renderReportHtml", () => {
  it("escapes every string from the results: a hostile message can inject no markup", () => {
    const html = renderReportHtml(syntheticResults(HOSTILE));
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain(`"double"`);
    expect(html).toContain(escapeHtml(HOSTILE));
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;");
    // The page's only script is the copy helper, pinned by its hash in the CSP.
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toMatch(/script-src &#39;sha256-[A-Za-z0-9+/=]+&#39;/);
  });

  it("shows a hostile SVG only as an image, never as inline markup", () => {
    const results = syntheticResults();
    const rows = results.shrinks.rows.map((row, i) =>
      i === 0 && row.counterexample !== null ? { ...row, counterexample: { ...row.counterexample, svg: `<svg><script>alert(1)</script></svg>` } } : row,
    );
    const html = renderReportHtml({ ...results, shrinks: { ...results.shrinks, rows } });
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain(`src="data:image/svg+xml;base64,${Buffer.from("<svg><script>alert(1)</script></svg>").toString("base64")}"`);
  });

  it("has the headline, the trust run, both trials tables, the shrink table and eight counterexamples", () => {
    const results = syntheticResults();
    const html = renderReportHtml(results);
    for (const id of ["headline", "trust", "trials", "table-trials-per-seed", "shrink", "performance", "counterexamples"]) expect(html).toContain(`id="${id}"`);
    expect(html.match(/<img class="diagram"/g)).toHaveLength(8);
    expect(html.match(/<ol class="story">/g)).toHaveLength(8);
    for (const bug of results.config.bugs) {
      expect(html).toContain(`cx run --bugs ${bug} --choices choices.json`);
      expect(html).toContain(`id="bug-${bug}"`);
    }
    expect(html).toContain("cx replay repro.json");
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it("shows why a diagram is missing when the renderer failed, escaped", () => {
    const results = syntheticResults();
    const rows = results.shrinks.rows.map((row, i) =>
      i === 1 && row.counterexample !== null ? { ...row, counterexample: { ...row.counterexample, svg: "", storySteps: [], renderError: "@cx/viz could not draw <this>" } } : row,
    );
    const html = renderReportHtml({ ...results, shrinks: { ...results.shrinks, rows } });
    expect(html.match(/<img class="diagram"/g)).toHaveLength(7);
    expect(html).toContain("@cx/viz could not draw &lt;this&gt;");
  });

  it("says loudly when the trust run failed or the results are incomplete", () => {
    const results = syntheticResults();
    const failed = {
      ...results,
      complete: false,
      trust: { ...results.trust, passed: false, violations: 1, firstViolation: { strategy: "random" as const, seed: 1, violation: { invariant: "ElectionSafety", message: "two leaders", time: 1, step: 1 }, choices: [1] } },
    };
    const html = renderReportHtml(failed);
    expect(html).toContain("The trust run found a violation on correct Raft (ElectionSafety: two leaders)");
    expect(html).toContain("This results file is incomplete");
  });

  it("shows a defect that was never found as missing, not as a broken diagram", () => {
    const results = syntheticResults();
    const rows = results.shrinks.rows.map((row, i) => (i === 2 ? { ...row, status: "not-found" as const, source: null, counterexample: null } : row));
    const html = renderReportHtml({ ...results, shrinks: { ...results.shrinks, rows } });
    expect(html.match(/<img class="diagram"/g)).toHaveLength(7);
    expect(html).toContain("No hunt found this defect within its budget");
  });
});

describe("renderSummaryMarkdown", () => {
  it("holds the same tables, with hostile strings escaped", () => {
    const md = renderSummaryMarkdown(syntheticResults(HOSTILE));
    for (const title of ["## Headline", "## Trust run: correct Raft", "## Trials to first violation", "## Shrinking", "## Performance"]) expect(md).toContain(title);
    expect(md).not.toContain("<script>");
    expect(md).toContain("&lt;script&gt;");
    // One row per defect in the trials table and the shrink table, one per cell in the per-seed table.
    expect(md.match(/^\| vote_twice_in_term \|/gm)).toHaveLength(2 + 3);
  });
});

describe("writeReport", () => {
  it("writes report.html and summary.md beside the results file", () => {
    const dir = mkdtempSync(join(tmpdir(), "cx-report-"));
    const path = join(dir, "results.json");
    writeFileSync(path, JSON.stringify(syntheticResults()));
    const written = writeReport({ results: path });
    expect(written.html).toBe(join(dir, "report.html"));
    expect(readFileSync(written.html, "utf8")).toContain("<!doctype html>");
    expect(readFileSync(written.summary, "utf8")).toContain("# cx experiment results");
  });

  it("refuses a file that is not a cx results file, naming the field", () => {
    const dir = mkdtempSync(join(tmpdir(), "cx-report-"));
    const path = join(dir, "results.json");
    writeFileSync(path, JSON.stringify({ hello: "world" }));
    expect(() => writeReport({ results: path })).toThrow(/field "kind"/);
    writeFileSync(path, JSON.stringify({ ...syntheticResults(), schemaVersion: 99 }));
    expect(() => writeReport({ results: path })).toThrow(/schemaVersion 99/);
  });
});

describe("readResultsFile", () => {
  it("names the missing fields of an incomplete results file instead of failing inside the renderer", () => {
    const dir = mkdtempSync(join(tmpdir(), "cx-results-"));
    const path = join(dir, "results.json");
    writeFileSync(path, JSON.stringify({ kind: "cx-experiment", schemaVersion: syntheticResults().schemaVersion }));
    let caught: unknown;
    try {
      readResultsFile(path);
    } catch (error) {
      caught = error;
    }
    expect(isResultsFileError(caught)).toBe(true);
    expect(String(caught)).toMatch(/\(top level\): must have required property .*'trust'/);
    writeFileSync(path, new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0xff, 0x7d]));
    expect(() => readResultsFile(path)).toThrow(/invalid UTF-8 at line 1 \(byte offset 4\)/);
  });
});
