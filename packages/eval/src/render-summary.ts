import { escapeMarkdown } from "@cx/viz";
import { buildResultTables, formatMs } from "./result-tables.js";
import type { ExperimentResults } from "./results.js";

/**
 * The results as Markdown (`results/summary.md`): a line on the run, then
 * every table of {@link buildResultTables}, ready for a README or a pull
 * request.
 *
 * When to use: after an experiment (the bench writes it) or from a saved
 * results.json (`cx report`).
 *
 * Gotchas: every string from the results is escaped (no markup can be
 * injected); counterexamples are in the HTML report, not here.
 *
 * @example
 * ```ts
 * writeFileSync("results/summary.md", renderSummaryMarkdown(results));
 * ```
 */
export function renderSummaryMarkdown(results: ExperimentResults): string {
  const m = results.machine;
  const lines: string[] = [
    "# cx experiment results",
    "",
    escapeMarkdown(
      `${results.complete ? "" : "INCOMPLETE (still running or interrupted): "}${results.mode} run of cx ${results.cxVersion}, ${results.finishedAt}, ${formatMs(results.elapsedMs)} on ${results.workers} workers; ${m.cpuModel}, ${m.cores} cores, ${(m.memoryBytes / 2 ** 30).toFixed(0)} GiB, Node ${m.nodeVersion}; load average at start ${(m.loadAverage ?? []).join(", ")}.`,
    ),
    "",
  ];
  if (!results.trust.passed && results.trust.rows.length > 0) {
    const first = results.trust.firstViolation;
    lines.push(
      `**The trust run failed**: correct Raft broke ${escapeMarkdown(first?.violation.invariant ?? "an invariant")} (${escapeMarkdown(first === null ? "" : `${first.strategy} seed ${first.seed}: ${first.violation.message}`)}). The other figures are meaningless until this is fixed.`,
      "",
    );
  }
  for (const table of buildResultTables(results)) {
    lines.push(`## ${escapeMarkdown(table.title)}`, "", escapeMarkdown(table.caption), "");
    lines.push(`| ${table.columns.map(escapeMarkdown).join(" | ")} |`);
    lines.push(`| ${table.columns.map((_, i) => (table.numeric.includes(i) ? "---:" : "---")).join(" | ")} |`);
    for (const row of table.rows) lines.push(`| ${row.map(escapeMarkdown).join(" | ")} |`);
    lines.push("");
  }
  return `${lines.join("\n")}`;
}
