import { HISTORY_VIEW_CSS } from "@cx/viz";

/**
 * The report's whole stylesheet, inlined into the page (no external fonts or files).
 *
 * Read at a laptop's width without sideways scrolling: tables wrap their
 * cells between words (never inside one; a table still too wide, on a
 * phone, scrolls in its own box); a diagram's box grows past the text
 * column toward the drawing's own width (`--natural-width`, set per
 * diagram), up to the viewport less a margin, and the drawing scales down
 * to the box by its viewBox, to no less than two thirds of its size (its
 * 10 px labels stay at least 6.6 px); a drawing that would need less
 * scrolls in its box instead, which the script opens at the violation.
 * A history view's diagram (the stuck operation its mark) does the same.
 */
export const REPORT_CSS = `${HISTORY_VIEW_CSS}
:root { color-scheme: light; --ink: #1d2430; --muted: #5b6573; --line: #d8dde4; --bg: #ffffff; --soft: #f4f6f9; --accent: #1f5fbf; --bad: #b3261e; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
header, main, footer { max-width: 1180px; margin: 0 auto; padding: 0 24px; }
header { padding-top: 24px; }
h1 { font-size: 28px; margin: 0 0 4px; }
h2 { font-size: 21px; margin: 36px 0 4px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 18px; margin: 28px 0 4px; }
h4 { font-size: 18px; margin: 0 0 4px; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
h5 { font-size: 14px; margin: 16px 0 4px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
section.protocol { border-top: 3px solid var(--line); margin-top: 40px; }
section.protocol > h2 { border-bottom: none; }
h2 .version { color: var(--muted); font-weight: 400; font-size: 15px; }
nav.protocols { margin: 4px 0 0; }
.run, .caption, .meta, .mistake { color: var(--muted); }
.alarm { background: #fdecea; color: var(--bad); border: 1px solid #f3b9b4; border-radius: 6px; padding: 10px 14px; font-weight: 600; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: 12px; margin: 16px 0; }
.card { background: var(--soft); border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; }
.card .value { font-size: 26px; font-weight: 700; }
.card .label { color: var(--muted); font-size: 13px; }
.card.bad .value { color: var(--bad); }
table { border-collapse: collapse; width: 100%; margin: 8px 0 12px; font-size: 14px; }
th, td { border-bottom: 1px solid var(--line); padding: 5px 8px; text-align: left; vertical-align: top; }
th { background: var(--soft); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
details { margin: 8px 0; }
summary { cursor: pointer; color: var(--accent); }
nav { margin: 8px 0 16px; line-height: 1.9; }
a { color: var(--accent); }
.counterexample { border: 1px solid var(--line); border-radius: 10px; padding: 16px 18px; margin: 18px 0; }
.counterexample.missing { background: var(--soft); }
.violation { margin: 6px 0; }
figure { margin: 12px 0; overflow-x: auto; max-width: 100%; }
img.diagram { display: block; max-width: 100%; height: auto; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
figcaption { color: var(--muted); font-size: 13px; margin-top: 4px; }
ol.story { padding-left: 2.2em; margin: 4px 0; }
ol.story li { margin: 2px 0; }
ol.story .t { color: var(--muted); font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
.choices-short code { word-break: break-all; }
.copy { margin: 8px 0; border: 1px solid var(--line); border-radius: 6px; }
.copy-head { display: flex; justify-content: space-between; align-items: center; background: var(--soft); padding: 4px 8px; font-size: 13px; color: var(--muted); border-bottom: 1px solid var(--line); }
.copy button { font: inherit; border: 1px solid var(--line); background: #fff; border-radius: 4px; padding: 1px 10px; cursor: pointer; }
.copy pre { margin: 0; padding: 8px; max-height: 220px; overflow: auto; white-space: pre-wrap; word-break: break-all; }
footer { color: var(--muted); font-size: 13px; padding-bottom: 32px; }
html, body { overflow-x: hidden; }
body { overflow-wrap: anywhere; }
.table-scroll { overflow-x: auto; max-width: 100%; }
.table-scroll table { width: 100%; }
.table-scroll th, .table-scroll td { overflow-wrap: normal; }
figure.diagram-box { overflow: visible; }
.diagram-scroll { overflow: auto; max-height: 80vh; border: 1px solid var(--line); border-radius: 6px; background: #fff; -webkit-overflow-scrolling: touch; }
.diagram-scroll, details.history .cx-history-scroll { --fit: clamp(100%, var(--natural-width, 100%), calc(100vw - 48px)); width: var(--fit); max-width: none; margin-left: calc((100% - var(--fit)) / 2); }
.diagram-scroll:focus-visible { outline: 2px solid var(--accent); }
.diagram-scroll svg, details.history .cx-history-scroll svg { display: block; width: 100%; height: auto; max-width: var(--natural-width, none); min-width: calc(var(--natural-width, 0px) * 0.66); }
svg.cx-diagram [data-steps] { cursor: pointer; }
svg.cx-diagram.has-hl > g:not(.hl):not(:last-of-type), svg.cx-diagram.has-hl > path { opacity: .3; }
svg.cx-diagram .hl { filter: drop-shadow(0 0 2px #f59e0b) drop-shadow(0 0 3px #f59e0b); }
.stepper { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 6px 0; font-size: 14px; }
.stepper button { font: inherit; border: 1px solid var(--line); background: var(--soft); border-radius: 4px; padding: 2px 10px; cursor: pointer; }
.stepper .step-now { font-variant-numeric: tabular-nums; min-width: 7em; }
.stepper .hint { color: var(--muted); font-size: 13px; }
ol.story.linked { list-style: none; padding-left: 0; }
ol.story button.step { display: grid; grid-template-columns: 2.2em auto 1fr; column-gap: 6px; align-items: baseline; font: inherit; color: inherit; background: none; border: 0; padding: 2px 4px; text-align: left; cursor: pointer; border-radius: 4px; width: 100%; }
ol.story button.step .n { text-align: right; font-variant-numeric: tabular-nums; }
ol.story button.step:hover { background: var(--soft); }
ol.story li.current button.step { background: #fff4d6; box-shadow: inset 3px 0 0 #f59e0b; }
.plot-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 380px), 1fr)); gap: 14px; margin: 8px 0; }
figure.plot { margin: 0; overflow: visible; border: 1px solid var(--line); border-radius: 8px; padding: 8px 10px; background: #fff; }
figure.plot figcaption { color: var(--ink); margin: 0 0 4px; }
figure.plot svg { max-width: 100%; height: auto; }
figure.plot.wide { max-width: 760px; }
details.history { margin: 10px 0; border: 1px solid var(--line); border-radius: 8px; padding: 6px 10px; }
details.history[open] { background: #fcfcfd; }
.history-link { white-space: nowrap; font-weight: 600; }
@media (max-width: 600px) {
  header, main, footer { padding: 0 12px; }
  .counterexample { padding: 12px 10px; }
  h1 { font-size: 23px; }
  body { font-size: 14px; }
}
`;
