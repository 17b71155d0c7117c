import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeMarkdown, escapeXml, renderDiagram, renderStory, renderStoryMarkdown, tellStory } from "../src/index.js";
import { fixtureRun } from "./fixtures/fixture-run.js";
import { raftShapedRun } from "./fixtures/hand-built.js";
import { checkMarkup } from "./fixtures/markup.js";

const ENTITY = /&(amp|lt|gt|quot|#39);/g;
const DECODED: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };
// What XML cannot carry: controls other than tab and line breaks, U+FFFE/U+FFFF, lone surrogates.
const forbidden = (c: string): boolean => {
  const code = c.charCodeAt(0);
  return (code < 0x20 && c !== "\t" && c !== "\n" && c !== "\r") || code === 0xfffe || code === 0xffff || (c.length === 1 && code >= 0xd800 && code <= 0xdfff);
};
/** Text with what breaks markup and terminals over-represented: markup characters, controls, lone surrogates, entities, Markdown punctuation. */
const nasty = fc.oneof(
  fc.constantFrom("<", ">", "&", '"', "'", "\u0000", "\u001b", "\t", "\n", "\r", "\u0085", "\ud800", "\udc00", "\ufffe", "😀", "&amp;", "*", "_", "#", "`", "[", "|"),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
);
const nastyText = (maxLength: number) => fc.string({ unit: nasty, maxLength });
/** Characters of a string, a surrogate pair as one. */
const chars = (text: string): string[] => [...text];

describe("escaping, for any string", () => {
  it("escapeXml leaves no markup character and decodes back to the text, with what XML cannot carry replaced", () => {
    fc.assert(
      fc.property(nastyText(80), (text) => {
        const escaped = escapeXml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(escaped.replace(ENTITY, "")).not.toContain("&");
        const decoded = escaped.replace(ENTITY, (_, name: string) => DECODED[name] ?? "");
        expect(decoded).toBe(chars(text).map((c) => (forbidden(c) ? "\ufffd" : c)).join(""));
      }),
      { numRuns: 300 },
    );
  });

  it("escapeMarkdown leaves no tag character, no line break and no bare ampersand", () => {
    fc.assert(
      fc.property(nastyText(80), (text) => {
        const escaped = escapeMarkdown(text);
        expect(escaped).not.toMatch(/[<>\r\n]/);
        expect(escaped.replace(/&(amp|lt|gt);/g, "")).not.toContain("&");
      }),
      { numRuns: 300 },
    );
  });

  it("a run carrying the string anywhere gives well-formed SVG, Markdown without tags and a terminal story without control characters", () => {
    fc.assert(
      fc.property(nastyText(24), (hostile) => {
        const run = raftShapedRun(hostile);
        checkMarkup(renderDiagram(run, { messagesMax: 200 }));
        const story = tellStory(run);
        // No tag can open; `>` appears only where the renderer quotes the violation's message.
        const markdown = renderStoryMarkdown(story).split("\n").map((line) => (line.startsWith("> ") ? line.slice(2) : line));
        expect(markdown.join("\n")).not.toMatch(/[<>]/);
        // eslint-disable-next-line no-control-regex
        expect(renderStory(story)).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      }),
      { numRuns: 12 },
    );
  });
});

describe("the story and the diagram are a function of the run", () => {
  it("the same run, a copy of it and a replay of its choices tell the same story and draw the same SVG", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (seed) => {
        const run = fixtureRun({ seed });
        const story = tellStory(run);
        const svg = renderDiagram(run, { story });
        const copy = structuredClone(run);
        expect(tellStory(copy)).toEqual(story);
        expect(renderDiagram(copy, { story: tellStory(copy) })).toBe(svg);
        const replay = fixtureRun({ choices: [...run.choices] });
        expect(tellStory(replay)).toEqual(story);
        expect(renderDiagram(replay)).toBe(svg);
      }),
      { numRuns: 5 },
    );
  });

  it("the display cap changes what is shown, never the count: stepsTotal is the same for every maxSteps", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 20 }), (seed, maxSteps) => {
        const run = fixtureRun({ seed });
        const full = tellStory(run, { maxSteps: 1_000 });
        const capped = tellStory(run, { maxSteps });
        expect(capped.stepsTotal).toBe(full.stepsTotal);
        expect(full.stepsShown).toBe(full.stepsTotal);
        expect(capped.stepsShown).toBe(Math.min(maxSteps, full.stepsTotal));
        expect(capped.steps).toHaveLength(capped.stepsShown);
        expect(capped.stepsLeftOut).toBe(capped.stepsTotal - capped.stepsShown);
        // Every left-out step is accounted for at the place it was left out.
        expect(capped.steps.reduce((sum, s) => sum + s.leftOutBefore, 0)).toBe(capped.stepsLeftOut);
      }),
      { numRuns: 12 },
    );
  });
});
