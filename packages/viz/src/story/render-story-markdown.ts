import { escapeMarkdown } from "../escape/escape-markdown.js";
import { footnote, leftOutText, stepTime } from "./render-story.js";
import type { Story } from "./story.js";

/**
 * The story as Markdown for reports and issues: a heading, a numbered list
 * (the numbers are the story's own, matching the diagram's badges) and the
 * violation's full message as a block quote.
 *
 * When to use: `summary.md`, a GitHub issue, an HTML report built from
 * Markdown.
 *
 * Gotchas: every run-supplied string is escaped (`&`, `<`, `>`, quotes as
 * entities; Markdown punctuation backslash-escaped), so the output is safe
 * to render as HTML; it is not meant to be read raw.
 *
 * @example
 * ```ts
 * writeFileSync("story.md", renderStoryMarkdown(tellStory(run)));
 * ```
 */
export function renderStoryMarkdown(story: Story): string {
  const lines: string[] = [`### ${escapeMarkdown(story.headline)}`, "", `*${escapeMarkdown(story.protocol)}, ${story.clusterSize} nodes*`, ""];
  for (const step of story.steps) {
    const text = step.kind === "violation" ? `**${escapeMarkdown(step.text)}**` : escapeMarkdown(step.text);
    // An italic note as the item's first words keeps the list's numbering intact.
    const gap = step.leftOutBefore > 0 ? `*(after ${escapeMarkdown(leftOutText(step.leftOutBefore))})* ` : "";
    lines.push(`${step.number}. ${gap}\`${stepTime(step)}\` ${text}`);
  }
  if (story.violation !== null) {
    lines.push("", `**${escapeMarkdown(story.violation.invariant)}** at t=${story.violation.time}, step ${story.violation.step}:`, "");
    const message = story.violation.message.split("\r\n").join("\n").split("\r").join("\n").split("\n");
    message.forEach((line, i) => {
      let leading = 0;
      while (line[leading] === " ") leading++;
      lines.push(`> ${"&nbsp;".repeat(leading)}${escapeMarkdown(line.slice(leading))}${i < message.length - 1 ? "\\" : ""}`);
    });
  }
  lines.push("", `*${escapeMarkdown(footnote(story))}*`, "");
  return lines.join("\n");
}
