import { escapeMarkdown } from "@cx/viz";
import { formatMs, type ResultTable } from "./result-format.js";
import { buildResultSections } from "./result-tables.js";
import type { ExperimentResults, ProtocolResults } from "./results.js";

function markdownTable(table: ResultTable, level: string): string[] {
  return [
    `${level} ${escapeMarkdown(table.title)}`,
    "",
    escapeMarkdown(table.caption),
    "",
    `| ${table.columns.map(escapeMarkdown).join(" | ")} |`,
    `| ${table.columns.map((_, i) => (table.numeric.includes(i) ? "---:" : "---")).join(" | ")} |`,
    ...table.rows.map((row) => `| ${row.map(escapeMarkdown).join(" | ")} |`),
    "",
  ];
}

function trustFailure(p: ProtocolResults): string[] {
  if (p.trust.passed || p.trust.rows.length === 0) return [];
  const first = p.trust.firstViolation;
  return [
    `**The trust run failed**: ${escapeMarkdown(p.name)} with no defect broke ${escapeMarkdown(first?.violation.invariant ?? "an invariant")} (${escapeMarkdown(first === null ? "" : `${first.strategy} seed ${first.seed}: ${first.violation.message}`)}). Its other figures are meaningless until this is fixed.`,
    "",
  ];
}

/**
 * The results as Markdown (`results/summary.md`): a line on the run, the
 * headline over every protocol, a section per protocol (trust run, trials,
 * shrinks, throughput), search power on the mutant benchmark, then the
 * figures measured once (corpus, speed-up),
 * ready for a README or a pull request.
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
  const sections = buildResultSections(results);
  const lines: string[] = [
    "# cx experiment results",
    "",
    escapeMarkdown(
      `${results.complete ? "" : "INCOMPLETE (still running or interrupted): "}${results.mode} run of cx ${results.cxVersion}, ${results.finishedAt}, ${formatMs(results.elapsedMs)} on ${results.workers} workers; ${m.cpuModel}, ${m.cores} cores, ${(m.memoryBytes / 2 ** 30).toFixed(0)} GiB, Node ${m.nodeVersion}; load average at start ${(m.loadAverage ?? []).join(", ")}.`,
    ),
    "",
    ...markdownTable(sections.headline, "##"),
  ];
  for (const { protocol, tables } of sections.protocols) {
    lines.push(`## Protocol ${escapeMarkdown(protocol.name)} ${escapeMarkdown(protocol.version)}`, "", escapeMarkdown(protocol.summary), "", ...trustFailure(protocol));
    for (const table of tables) lines.push(...markdownTable(table, "###"));
  }
  if (sections.search !== null) lines.push(...markdownTable(sections.search, "##"));
  lines.push(...markdownTable(sections.performance, "##"));
  return withoutControlCharacters(lines.join("\n"));
}

// C0 but tab and newline, DEL, C1, and the bidirectional overrides: a results file may carry them in names and messages.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Shows each control character as a visible `\u{1b}` escape: a summary read with `cat` must not drive the terminal. */
function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
}
