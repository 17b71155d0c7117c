import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderSummaryMarkdown, resultsSchema } from "@cx/eval";
import type { ShrinkRow } from "@cx/eval";
import { describe, expect, it } from "vitest";
import { escapeHtml, isResultsFileError, readResultsFile, renderReportHtml, writeReport } from "../src/index.js";
import { createHash } from "node:crypto";
import fc from "fast-check";
import { foundByTrial } from "../src/found-by-trial.js";
import { wilsonInterval } from "../src/wilson-interval.js";
import { REAL_BUGS, withRealCounterexamples } from "./fixtures/real-counterexamples.js";
import { SYNTHETIC_COUNTEREXAMPLES, syntheticResults } from "./fixtures/synthetic-results.js";
import { testTempDir } from "./fixtures/temp-dir.js";

const HOSTILE = `<script>alert("x")</script> & 'quoted' "double" <img src=x onerror=alert(1)>`;

/** The results with the shrink rows of the first protocol changed by `edit`. */
function withRows(results: ReturnType<typeof syntheticResults>, edit: (row: ShrinkRow, i: number) => ShrinkRow): ReturnType<typeof syntheticResults> {
  const [first, ...rest] = results.protocols;
  if (first === undefined) throw new Error("no protocol");
  return { ...results, protocols: [{ ...first, shrinks: { ...first.shrinks, rows: first.shrinks.rows.map(edit) } }, ...rest] };
}

describe("syntheticResults", () => {
  it("is a results document the schema accepts", () => {
    const checked = resultsSchema.safeParse(JSON.parse(JSON.stringify(syntheticResults())));
    expect(checked.success ? [] : checked.error.issues).toEqual([]);
  });
});

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
    const html = renderReportHtml(
      withRows(syntheticResults(), (row, i) => (i === 0 && row.counterexample !== null ? { ...row, counterexample: { ...row.counterexample, svg: `<svg><script>alert(1)</script></svg>` } } : row)),
    );
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain(`src="data:image/svg+xml;base64,${Buffer.from("<svg><script>alert(1)</script></svg>").toString("base64")}"`);
  });

  it("has the headline, then per protocol its trust run, both trials tables, the shrink table, throughput and counterexamples", () => {
    const results = syntheticResults();
    const html = renderReportHtml(results);
    for (const id of ["headline", "performance"]) expect(html).toContain(`id="${id}"`);
    for (const p of results.protocols) {
      for (const id of [`protocol-${p.name}`, `${p.name}-trust`, `${p.name}-trials`, `table-${p.name}-trials-per-seed`, `${p.name}-shrink`, `${p.name}-performance`, `counterexamples-${p.name}`]) {
        expect(html).toContain(`id="${id}"`);
      }
      for (const bug of p.bugs) {
        expect(html).toContain(`cx run --protocol ${p.name} --bugs ${bug.name} --choices choices.json`);
        expect(html).toContain(`id="bug-${p.name}-${bug.name}"`);
      }
    }
    // Protocol sections in order, each after the headline and before the shared performance figures.
    const at = (id: string) => html.indexOf(`id="${id}"`);
    expect(at("headline")).toBeLessThan(at("protocol-raft"));
    expect(at("protocol-raft")).toBeLessThan(at("protocol-primary-backup"));
    expect(at("protocol-primary-backup")).toBeLessThan(at("performance"));
    expect(html.match(/<img class="diagram"/g)).toHaveLength(SYNTHETIC_COUNTEREXAMPLES);
    expect(html.match(/<ol class="story">/g)).toHaveLength(SYNTHETIC_COUNTEREXAMPLES);
    expect(html).toContain("cx replay repro.json");
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it("says how many story steps there were and how many are shown, and the table counts every step", () => {
    const html = renderReportHtml(syntheticResults());
    expect(html).toContain("Story (3 of 21 steps shown)");
    expect(html).toContain("Story (3 steps)");
    expect(html).toContain("<td class=\"num\">21 (3 shown)</td>");
  });

  it("shows why a diagram is missing when the renderer failed, escaped", () => {
    const html = renderReportHtml(
      withRows(syntheticResults(), (row, i) =>
        i === 1 && row.counterexample !== null ? { ...row, counterexample: { ...row.counterexample, svg: "", storySteps: [], renderError: "@cx/viz could not draw <this>" } } : row,
      ),
    );
    expect(html.match(/<img class="diagram"/g)).toHaveLength(SYNTHETIC_COUNTEREXAMPLES - 1);
    expect(html).toContain("@cx/viz could not draw &lt;this&gt;");
  });

  it("says loudly when a trust run failed or the results are incomplete", () => {
    const results = syntheticResults();
    const [raft, ...rest] = results.protocols;
    if (raft === undefined) throw new Error("no protocol");
    const failedRaft = { ...raft, trust: { ...raft.trust, passed: false, violations: 1, firstViolation: { strategy: "random" as const, seed: 1, violation: { invariant: "ElectionSafety", message: "two leaders", time: 1, step: 1 }, choices: [1] } } };
    const html = renderReportHtml({ ...results, complete: false, trustPassed: false, protocols: [failedRaft, ...rest] });
    expect(html).toContain("The trust run found a violation on raft with no defect (ElectionSafety: two leaders)");
    expect(html).toContain("The trust run found a violation on raft with no defect: see its section below");
    expect(html).toContain("This results file is incomplete");
  });

  it("shows a defect that was never found as missing, not as a broken diagram", () => {
    const html = renderReportHtml(withRows(syntheticResults(), (row, i) => (i === 2 ? { ...row, status: "not-found" as const, source: null, counterexample: null } : row)));
    expect(html.match(/<img class="diagram"/g)).toHaveLength(SYNTHETIC_COUNTEREXAMPLES - 1);
    expect(html).toContain("No hunt found this defect within its budget");
  });
});

describe("renderReportHtml with counterexamples this build replays", () => {
  const results = withRealCounterexamples(syntheticResults(HOSTILE));
  const html = renderReportHtml(results);

  it("draws each replayed counterexample inline as SVG, ids distinct per diagram, and the rest as images", () => {
    expect(html.match(/<svg class="cx-diagram" /g)).toHaveLength(REAL_BUGS.length);
    expect(html.match(/<img class="diagram"/g)).toHaveLength(SYNTHETIC_COUNTEREXAMPLES - REAL_BUGS.length);
    const ids = [...html.matchAll(/<svg class="cx-diagram" [^>]*aria-labelledby="([^" ]+) /g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(REAL_BUGS.length);
    // The synthetic choices replay to nothing on real Raft, and the page says why it shows their stored picture.
    expect(html).toContain("this build of raft replays its choices to no violation");
    expect(html).toContain("protocol primary-backup is not built into this cx");
  });

  it("links every story step to its badge and shapes in the same counterexample's diagram", () => {
    for (const { bug } of REAL_BUGS) {
      const article = new RegExp(`<article class="counterexample" id="cx-raft-${bug}" data-cx="raft-${bug}">([\\s\\S]*?)</article>`).exec(html)?.[1] ?? "";
      const steps = [...article.matchAll(/<li value="(\d+)" data-step="\d+">/g)].map((m) => Number(m[1]));
      expect(steps.length).toBeGreaterThan(1);
      expect(steps).toEqual(steps.map((_, i) => i + 1));
      const marked = new Set([...article.matchAll(/data-steps="([\d ]+)"/g)].flatMap((m) => (m[1] ?? "").split(" ").map(Number)));
      for (const n of steps) {
        expect(article).toContain(`data-badge="${n}"`);
        expect(marked.has(n)).toBe(true);
      }
    }
  });

  it("keeps every string escaped and allows only its own script, by the hash of exactly that script", () => {
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
    expect(scripts).toHaveLength(1);
    const hash = createHash("sha256").update(scripts[0] ?? "").digest("base64");
    expect(html).toContain(`script-src &#39;sha256-${hash}&#39;`);
    expect(html).toContain("default-src &#39;none&#39;");
  });

  it("links the linearizability counterexample to its history view, with the operation that cannot be placed marked", () => {
    const id = "raft-stale_local_read";
    const article = new RegExp(`<article class="counterexample" id="cx-${id}"[\\s\\S]*?</article>`).exec(html)?.[0] ?? "";
    expect(article).toContain(`<a class="history-link" href="#history-${id}" data-history="history-${id}">`);
    const view = new RegExp(`<details class="history" id="history-${id}">([\\s\\S]*)</details>`).exec(article)?.[1] ?? "";
    expect(view).toContain("<strong>Not linearizable</strong>");
    expect(view.match(/data-role="stuck"/g)).toHaveLength(1);
    expect(view.match(/data-role="prefix"/g)?.length).toBeGreaterThan(0);
    expect(view).toContain("cx lin history.jsonl --html history.html");
    // The election counterexample's history is linearizable: no history view.
    expect(html).not.toContain('id="history-raft-vote_twice_in_term"');
  });

  it("shows the stored pictures as images only when told not to replay", () => {
    const plain = renderReportHtml(results, { replays: new Map() });
    expect(plain).not.toContain(`<svg class="cx-diagram"`);
    expect(plain.match(/<img class="diagram"/g)).toHaveLength(SYNTHETIC_COUNTEREXAMPLES);
  });
});

describe("plots", () => {
  it("Wilson's interval holds the observed share, stays within 0..1, and matches a known value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
        const k = Math.round(f * n);
        const { low, high } = wilsonInterval(k, n);
        return low >= 0 && high <= 1 && low <= k / n + 1e-12 && k / n <= high + 1e-12 && high - low > 0;
      }),
    );
    const { low, high } = wilsonInterval(3, 6);
    expect(low).toBeCloseTo(0.1876, 3);
    expect(high).toBeCloseTo(0.8124, 3);
  });

  it("a found-by-trial curve never falls and ends at the share of campaigns that found the defect", () => {
    for (const cell of syntheticResults().protocols.flatMap((p) => p.trials.cells)) {
      const points = foundByTrial(cell);
      expect(points[0]?.trial).toBe(1);
      for (let i = 1; i < points.length; i++) expect(points[i]?.share).toBeGreaterThanOrEqual(points[i - 1]?.share ?? 0);
      expect(points.at(-1)?.found).toBe(cell.found);
      expect(points.at(-1)?.trial).toBe(cell.budget);
      for (const p of points) expect(p.low <= p.share && p.share <= p.high).toBe(true);
    }
  });

  it("draws a found-by-trial plot for every defect of every protocol, and each protocol's shrink progress, as inline SVG", () => {
    const results = syntheticResults();
    const html = renderReportHtml(results, { replays: new Map() });
    for (const p of results.protocols) {
      for (const bug of p.bugs) {
        const figure = new RegExp(`<figure class="plot" id="found-${p.name}-${bug.name}">([\\s\\S]*?)</figure>`).exec(html)?.[1] ?? "";
        expect(figure).toContain("<svg");
        // One line per strategy, each with its band and points.
        expect(figure.match(/aria-label="line"/g)).toHaveLength(3);
        expect(figure.match(/aria-label="area"/g)).toHaveLength(3);
        expect(figure).toMatch(/<title>random: \d+ of 2 campaigns found it by trial \d+/);
      }
      const progress = new RegExp(`<section class="plots" id="shrink-progress-${p.name}">([\\s\\S]*?)</section>`).exec(html)?.[1] ?? "";
      expect(progress).toContain("<svg");
      expect(progress).toContain(`<title>${p.bugs[0]?.name ?? ""}: 30 decisions left after 250 candidate runs</title>`);
    }
  });

  it("says so when the results carry no shrink progress, and escapes defect names the plots show", () => {
    const results = syntheticResults();
    const hostile = withRows(results, (row, i) => {
      const { progress: _, ...rest } = row;
      return i === 0 ? { ...row, bug: HOSTILE } : rest;
    });
    const html = renderReportHtml(hostile, { replays: new Map() });
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    const bare = renderReportHtml(withRows(results, (row) => { const { progress: _, ...rest } = row; return rest; }), { replays: new Map() });
    expect(bare).toContain("These results do not carry the shrinker's progress");
  });
});

describe("renderSummaryMarkdown", () => {
  it("holds the same tables, a section per protocol, with hostile strings escaped", () => {
    const md = renderSummaryMarkdown(syntheticResults(HOSTILE));
    for (const title of ["## Headline", "## Protocol raft 0.1.0", "### raft: trust run on the correct protocol", "### raft: trials to first violation", "### raft: shrinking", "### raft: throughput"]) {
      expect(md).toContain(title);
    }
    for (const title of ["## Protocol primary-backup 0.0.1", "### primary-backup: trials to first violation", "### primary-backup: shrinking", "## Performance"]) expect(md).toContain(title);
    expect(md).not.toContain("<script>");
    expect(md).toContain("&lt;script&gt;");
    // One row per defect in the trials table and the shrink table, one per cell in the per-seed table.
    expect(md.match(/^\| vote_twice_in_term \|/gm)).toHaveLength(2 + 3);
    expect(md.match(/^\| forget_on_restart \|/gm)).toHaveLength(2 + 3);
  });
});

describe("writeReport", () => {
  it("writes report.html and summary.md beside the results file", () => {
    const dir = testTempDir("cx-report-");
    const path = join(dir, "results.json");
    writeFileSync(path, JSON.stringify(syntheticResults()));
    const written = writeReport({ results: path });
    expect(written.html).toBe(join(dir, "report.html"));
    expect(readFileSync(written.html, "utf8")).toContain("<!doctype html>");
    expect(readFileSync(written.summary, "utf8")).toContain("# cx experiment results");
  });

  it("refuses a file that is not a cx results file, naming the field", () => {
    const dir = testTempDir("cx-report-");
    const path = join(dir, "results.json");
    writeFileSync(path, JSON.stringify({ hello: "world" }));
    expect(() => writeReport({ results: path })).toThrow(/field "kind"/);
    writeFileSync(path, JSON.stringify({ ...syntheticResults(), schemaVersion: 99 }));
    expect(() => writeReport({ results: path })).toThrow(/schemaVersion 99/);
  });
});

describe("readResultsFile", () => {
  it("names the missing fields of an incomplete results file instead of failing inside the renderer", () => {
    const dir = testTempDir("cx-results-");
    const path = join(dir, "results.json");
    writeFileSync(path, JSON.stringify({ kind: "cx-experiment", schemaVersion: syntheticResults().schemaVersion }));
    let caught: unknown;
    try {
      readResultsFile(path);
    } catch (error) {
      caught = error;
    }
    expect(isResultsFileError(caught)).toBe(true);
    expect(String(caught)).toMatch(/\(top level\): must have required property .*'protocols'/);
    writeFileSync(path, new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0xff, 0x7d]));
    expect(() => readResultsFile(path)).toThrow(/invalid UTF-8 at line 1 \(byte offset 4\)/);
  });
});
