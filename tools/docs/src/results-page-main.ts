// `pnpm docs:results`: writes docs/results.md and the README's headline block
// from the files in results/. Run it after a bench; a test fails until it is run.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderReadmeResults, renderResultsPage, replaceReadmeResults } from "./results-page.js";
import { readResultSources } from "./results-sources.js";
import { repoRoot } from "./repo-root.js";

const { results, bench } = readResultSources(repoRoot);
writeFileSync(join(repoRoot, "docs", "results.md"), renderResultsPage(results, bench));
const readmePath = join(repoRoot, "README.md");
writeFileSync(readmePath, replaceReadmeResults(readFileSync(readmePath, "utf8"), renderReadmeResults(results, bench.workers, bench.searchPower)));
console.log("wrote docs/results.md and README.md's headline figures");
