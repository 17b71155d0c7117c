import type { RunResult } from "@cx/sim";
import { renderDiagram, renderStory, tellStory, type Story } from "@cx/viz";
import { colors, writeFileAtomic } from "./output.js";

/** The story of a recorded run, coloured for a terminal (plain when NO_COLOR or not a TTY). */
export function storyText(story: Story): string {
  return renderStory(story)
    .split("\n")
    .map((line) => (/violat/i.test(line) ? colors.red(line) : /^\s*\d+\./.test(line) ? line.replace(/^(\s*\d+\.)/, (m) => colors.dim(m)) : line))
    .join("\n");
}

/** Tells the story of a run and, when asked, writes its diagram (atomically, creating its folder like every other output). */
export function tell(run: RunResult<unknown, unknown>, svgPath: string | undefined): Story {
  const story = tellStory(run);
  if (svgPath !== undefined) writeFileAtomic(svgPath, renderDiagram(run));
  return story;
}

/** Every step of a story counted (what the display cap left out included), and how many were shown. */
export function storyFigures(story: Story): { readonly storySteps: number; readonly storyStepsShown: number } {
  return { storySteps: story.stepsTotal, storyStepsShown: story.stepsShown };
}
