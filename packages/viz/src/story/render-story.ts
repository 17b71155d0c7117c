import { plainText } from "../internal/plain-text.js";
import type { Story, StoryStep } from "./story.js";

/** `t=347` or `t=120-180` for a step that stands for several events. */
export function stepTime(step: StoryStep): string {
  return step.timeEnd === step.time ? `t=${step.time}` : `t=${step.time}-${step.timeEnd}`;
}

/**
 * The story as plain text for a terminal: a headline, the numbered steps
 * with their simulated times in a column, the violation's full message
 * under its step, a `… N less important steps left out` line wherever
 * steps were trimmed, and a footnote on what was left out.
 *
 * When to use: CLI output (`cx replay`, `cx shrink`). No colour codes: the
 * caller colours if it wants to.
 *
 * Gotchas: control characters in run-supplied text are shown as `\xNN`, so
 * a hostile history value cannot drive the terminal.
 *
 * @example
 * ```ts
 * console.log(renderStory(tellStory(run)));
 * //  1. t=52   s0 becomes leader in term 1
 * //  ...
 * ```
 */
export function renderStory(story: Story): string {
  const lines: string[] = [plainText(story.headline), `${plainText(story.protocol)}, ${story.clusterSize} nodes`, ""];
  const numberWidth = String(story.steps.length).length;
  const timeWidth = Math.max(0, ...story.steps.map((s) => stepTime(s).length));
  const indent = " ".repeat(numberWidth + 2 + timeWidth + 2);
  for (const step of story.steps) {
    if (step.leftOutBefore > 0) lines.push(`${" ".repeat(numberWidth + 2)}… ${leftOutText(step.leftOutBefore)}`);
    lines.push(`${String(step.number).padStart(numberWidth)}. ${stepTime(step).padEnd(timeWidth)}  ${plainText(step.text)}`);
    if (step.kind === "violation" && story.violation !== null) {
      const rest = story.violation.message.split("\n").slice(1);
      for (const line of rest) lines.push(`${indent}${plainText(line)}`);
    }
  }
  lines.push("", footnote(story));
  return lines.join("\n");
}

/** `1 less important step left out`, `3 less important steps left out`. */
export const leftOutText = (count: number): string => `${count} less important step${count === 1 ? "" : "s"} left out`;

/** What the story does not show, in one sentence. */
export function footnote(story: Story): string {
  const leftOut = story.stepsLeftOut > 0 ? `${leftOutText(story.stepsLeftOut)} of ${story.stepsTotal} (raise maxSteps to see them); ` : "";
  return `${leftOut}${story.steps.length} step${story.steps.length === 1 ? "" : "s"} stand for ${story.eventsShown} of ${story.eventsTotal} trace events.`;
}
