import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sections } from "../.vitepress/sidebar.js";
import { checkLinks, documentationFiles, githubSlug, headingAnchors, markdownLinks } from "./links.js";
import { readmeResultsBlock, renderReadmeResults, renderResultsPage, replaceReadmeResults } from "./results-page.js";
import { readResultSources } from "./results-sources.js";
import { repoRoot } from "./repo-root.js";

const read = (file: string) => readFileSync(join(repoRoot, file), "utf8");
const REGENERATE = "regenerate it with `pnpm docs:results` (the results files changed, or the page was edited by hand)";

describe("the results page is generated from results/", () => {
  const { results, bench } = readResultSources(repoRoot);

  it("docs/results.md is what the generator writes from the committed results files", () => {
    expect(read("docs/results.md"), REGENERATE).toBe(renderResultsPage(results, bench));
  });

  it("the README's headline figures are what the generator writes", () => {
    const readme = read("README.md");
    expect(readmeResultsBlock(readme), "README.md lost its <!-- results:start --> ... <!-- results:end --> block").toBeDefined();
    expect(readme, REGENERATE).toBe(replaceReadmeResults(readme, renderReadmeResults(results, bench.workers, bench.searchPower)));
  });

  it("every figure of the headline comes from results.json", () => {
    const block = renderReadmeResults(results, bench.workers, bench.searchPower);
    expect(block).toContain(`${results.headline.bugsFound} of ${results.headline.bugsTotal}`);
    expect(block).toContain(results.protocols.map((p) => `${p.name} ${p.version}`).join(", "));
  });

  it("tells the experiment's search power when it ran: the cells that beat random search and a run's cost", () => {
    const interval = (low: number, high: number) => ({ low, high, confidence: 0.95 });
    const row = (strategy: "random" | "explore", found: number, foundInterval: ReturnType<typeof interval>) => ({ protocol: "raft-mutants", defect: "m_x", strategy, campaigns: 30, found, foundRate: found / 30, foundInterval, medianTrials: null, medianInterval: interval(0, 0), runs: 30_000, ms: 1, beatsRandom: strategy !== "random" });
    const mutants = { campaigns: 30, budget: 1000, strategies: ["random" as const, "explore" as const], rows: [row("random", 1, interval(0.01, 0.17)), row("explore", 12, interval(0.25, 0.58))], costPerRun: [{ strategy: "random" as const, overRandom: 1 }, { strategy: "explore" as const, overRandom: 1.25 }] };
    const block = renderReadmeResults({ ...results, mutants }, bench.workers, []);
    expect(block).toContain("Guided search on the 1 rare mutant in that experiment (random, explore; 30 campaigns of 1,000 runs per cell, equal runs)");
    expect(block).toContain("explore on m_x, 12/30 against random's 1/30");
    expect(block).toContain("explore 1.25x");
    expect(renderReadmeResults({ ...results, mutants: null }, bench.workers, [])).not.toContain("in that experiment (");
  });
});

describe("the documentation's links", () => {
  it("every internal link of the READMEs and docs/ reaches a file, and every anchor a heading", () => {
    const files = documentationFiles(repoRoot);
    expect(files).toContain("README.md");
    expect(files).toContain("packages/check/README.md");
    const broken = checkLinks(repoRoot, files).map((b) => `${b.file}:${b.line}: ${b.target}: ${b.reason}`);
    expect(broken).toEqual([]);
  });

  it("tells a missing file, a missing anchor and a link in a code block apart", () => {
    const links = markdownLinks("[a](x.md) and [b](y.md#top)\n```\n[c](z.md)\n```\n`[d](w.md)` ![e](pic.svg)\n");
    expect(links.map((l) => l.target)).toEqual(["x.md", "y.md#top", "pic.svg"]);
    expect([...headingAnchors("# Top\n## Any protocol: `--protocol`\n## Set-up\n## Set-up\n")]).toEqual(["top", "any-protocol---protocol", "set-up", "set-up-1"]);
  });

  it("slugs headings as GitHub does", () => {
    expect(githubSlug("Tests in a user's suite")).toBe("tests-in-a-users-suite");
    expect(githubSlug("Raft: `commit_any_term` and the nemesis")).toBe("raft-commit_any_term-and-the-nemesis");
    expect(githubSlug("Disk faults beyond the sync point (opt-in)")).toBe("disk-faults-beyond-the-sync-point-opt-in");
  });
});

describe("the site's sidebar", () => {
  const pages = sections.flatMap((s) => s.items.map((i) => i.link));

  it("names only pages that exist", () => {
    for (const link of pages) expect(existsSync(join(repoRoot, "docs", `${link}.md`)), `${link}.md`).toBe(true);
  });

  it("lists every page of docs/ (the home page and the generated API aside)", () => {
    const listed = new Set(pages.map((l) => `docs${l}.md`));
    const unlisted = documentationFiles(repoRoot).filter((f) => f.startsWith("docs/") && f !== "docs/index.md" && !listed.has(f));
    expect(unlisted).toEqual([]);
  });
});
