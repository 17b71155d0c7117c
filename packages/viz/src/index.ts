/**
 * @cx/viz: a failure arrives as a story, not a log. The numbered story of a
 * recorded run and its SVG space-time diagram.
 */

export type { RecordedRun } from "./recorded-run.js";

// The story.
export type { Story, StoryOptions, StoryStep, StoryStepKind } from "./story/story.js";
export { tellStory } from "./story/tell-story.js";
export { renderStory } from "./story/render-story.js";
export { renderStoryMarkdown } from "./story/render-story-markdown.js";
export { formatChoices, type FormatChoicesOptions } from "./format-choices.js";

// The space-time diagram.
export { renderDiagram } from "./diagram/render-diagram.js";
export type { DiagramOptions } from "./diagram/diagram-options.js";

// The history of a linearizability check: a row per client, the prefix found, the operation that cannot be placed.
export { renderHistoryDiagram, type HistoryView, type HistoryViewOptions } from "./history/render-history-diagram.js";
export { HISTORY_VIEW_CSS, renderHistoryPage, renderHistoryView } from "./history/render-history-page.js";

// Single events in words (one replica observation: @cx/check's describeObservation).
export { describeEvent } from "./describe/describe-event.js";

// Escaping for markup.
export { escapeXml } from "./escape/escape-xml.js";
export { escapeMarkdown } from "./escape/escape-markdown.js";
