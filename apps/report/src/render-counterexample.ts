import { formatMs, protocolSlug, type ProtocolResults, type ShrinkRow } from "@cx/eval";
import { formatChoices, renderDiagram, type Story } from "@cx/viz";
import { escapeHtml as e } from "./escape-html.js";
import { historyOfRun } from "./history-of-run.js";
import { counterexampleKey, type Replays } from "./replay-counterexamples.js";

/** A stable, safe id fragment for a defect name. */
export function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, "-");
}

function copyBlock(id: string, label: string, content: string): string {
  return `<div class="copy"><div class="copy-head"><span>${e(label)}</span><button type="button" data-copy="${e(id)}">copy</button></div><pre id="${e(id)}">${e(content)}</pre></div>`;
}

type StoredStep = { readonly number: number; readonly time: number; readonly text: string };

function storyList(steps: readonly StoredStep[], interactive: boolean): string {
  const items = steps.map((s) =>
    interactive
      ? `<li value="${e(String(s.number))}" data-step="${e(String(s.number))}"><button type="button" class="step"><span class="n">${e(String(s.number))}.</span><span class="t">t=${e(String(s.time))}</span> ${e(s.text)}</button></li>`
      : `<li value="${e(String(s.number))}"><span class="t">t=${e(String(s.time))}</span> ${e(s.text)}</li>`,
  );
  return `<ol class="story${interactive ? " linked" : ""}">${items.join("\n")}</ol>`;
}

function storyHeading(shown: number, total: number): string {
  return total > shown ? `Story (${shown} of ${total} steps shown)` : `Story (${total} ${total === 1 ? "step" : "steps"})`;
}

/**
 * ` style="--natural-width: 1298.2px"`: the width of the first `<svg>` in
 * `markup`, for the stylesheet (the box around it grows toward it, and the
 * drawing scales down to the box: report-css.ts); nothing when it has none.
 */
export function naturalWidthStyle(markup: string): string {
  const natural = Number(/<svg [^>]*? width="([\d.]+)"/.exec(markup)?.[1] ?? "0");
  return natural > 0 ? ` style="--natural-width: ${natural}px"` : "";
}

/** The diagram drawn by this build, inline, with the story linked to it. */
function liveFigure(bug: string, drawn: { readonly story: Story; readonly svg: string }): string {
  const { story, svg } = drawn;
  // Our own renderer's markup (every string in it escaped by @cx/viz): safe to inline, which makes its tooltips and links work.
  const inline = svg.replace(/^<svg /, `<svg class="cx-diagram" `);
  return `<figure class="diagram-box"><div class="diagram-scroll" tabindex="0"${naturalWidthStyle(svg)} aria-label="${e(`space-time diagram of the ${bug} counterexample; scrolls sideways`)}">${inline}</div><figcaption>${e(story.headline)}. Hover a shape for its details; click a step or a shape to link them.</figcaption></figure>
<div class="stepper"><button type="button" data-move="-1" aria-label="previous step">&larr; previous</button><span class="step-now" aria-live="polite">step – of ${e(String(story.steps.length))}</span><button type="button" data-move="1" aria-label="next step">next &rarr;</button><span class="hint">or the &larr; &rarr; keys</span></div>
<h5>${e(storyHeading(story.stepsShown, story.stepsTotal))}</h5>${storyList(story.steps, true)}`;
}

/** The picture stored in the results file: untrusted markup, so only ever an image (no script, no request, no tooltips). */
function storedFigure(cx: NonNullable<ShrinkRow["counterexample"]>, shown: { readonly bug: string; readonly total: number; readonly why: string }): string {
  const { bug, total, why } = shown;
  const svg = `data:image/svg+xml;base64,${Buffer.from(cx.svg, "utf8").toString("base64")}`;
  return `<figure><img class="diagram" alt="${e(`space-time diagram of the ${bug} counterexample`)}" src="${svg}"><figcaption>${e(cx.storyHeadline)}. (The picture stored with the results, shown as an image: ${e(why)}.)</figcaption></figure>
<h5>${e(storyHeading(cx.storySteps.length, total))}</h5>${storyList(cx.storySteps, false)}`;
}

/**
 * One defect's minimised counterexample: its violation, how it was found
 * and shrunk, the diagram and the numbered story (drawn live from a replay
 * when there is one, linked both ways; else the stored picture as an
 * image), the history view when its client history is not linearizable
 * (linked from the violation), and the copyable repro.
 */
export function renderCounterexample(protocol: ProtocolResults, row: ShrinkRow, context: { readonly mistake: string | undefined; readonly replays: Replays }): string {
  const id = `${protocolSlug(protocol.name)}-${slug(row.bug)}`;
  const heading = `<h4 id="bug-${e(id)}">${e(row.bug)}</h4>${context.mistake === undefined ? "" : `<p class="mistake">${e(context.mistake)}</p>`}`;
  const cx = row.counterexample;
  if (cx === null) {
    const why = row.status === "not-found" ? "No hunt found this defect within its budget, so there is no counterexample to show." : "The found failure did not reproduce when shrunk.";
    return `<article class="counterexample missing">${heading}<p>${e(why)}</p></article>`;
  }
  const choicesJson = JSON.stringify(cx.choices);
  const bugs = cx.bugs.join(",");
  const source = row.source === null ? "" : ` Found by ${row.source.strategy} (seed ${row.source.seed}) after ${row.source.trials} ${row.source.trials === 1 ? "trial" : "trials"};`;
  const shrunk = ` shrunk from ${row.decisionsBefore ?? "?"} to ${row.decisionsAfter ?? "?"} decisions (${row.nonZeroAfter ?? "?"} non-zero) in ${formatMs(row.ms)}; replays exactly: ${row.replaysExactly === true ? "yes" : "no"}.`;
  const replay = context.replays.get(counterexampleKey(protocol.name, row.bug));
  let figure: string;
  let interactive = false;
  let historyLink = "";
  let historyView = "";
  if (cx.renderError !== null && cx.renderError !== undefined && (replay === undefined || "unavailable" in replay)) {
    figure = `<p class="alarm">${e(cx.renderError)}</p>`;
  } else if (replay !== undefined && "run" in replay) {
    try {
      figure = liveFigure(row.bug, { story: replay.story, svg: renderDiagram(replay.run, { story: replay.story, idPrefix: `d-${id}-` }) });
      interactive = true;
      const history = historyOfRun(replay.run.history, `h-${id}-`);
      if (history !== null && (history.illegal || cx.violation.invariant === "Linearizability")) {
        historyLink = ` <a class="history-link" href="#history-${e(id)}" data-history="history-${e(id)}">Open its history view</a>`;
        historyView = `<details class="history" id="history-${e(id)}"><summary>History view: each client's operations, the longest linearizable prefix, the operation that cannot be placed</summary>
${history.view.replace('<div class="cx-history-scroll"', `<div class="cx-history-scroll"${naturalWidthStyle(history.view)}`)}
${copyBlock(`history-jsonl-${id}`, "history.jsonl — then: cx lin history.jsonl --html history.html", history.jsonl)}
</details>`;
      }
    } catch (error) {
      figure = storedFigure(cx, { bug: row.bug, total: row.storyStepsTotal ?? cx.storyStepsTotal, why: `drawing the replay failed (${error instanceof Error ? error.message : String(error)})` });
    }
  } else {
    figure = storedFigure(cx, { bug: row.bug, total: row.storyStepsTotal ?? cx.storyStepsTotal, why: replay === undefined ? "it was not replayed" : replay.unavailable });
  }
  return `<article class="counterexample" id="cx-${e(id)}"${interactive ? ` data-cx="${e(id)}"` : ""}>${heading}
<p class="violation"><strong>${e(cx.violation.invariant)}</strong> violated at t=${e(String(cx.violation.time))}: ${e(cx.violation.message)}${historyLink}</p>
<p class="meta">${e(`${source}${shrunk}`)}</p>
${figure}
${historyView}
<h5>Reproduce it</h5>
<p class="choices-short">Choices (${e(String(cx.choices.length))} values, zeros after the end): <code>${e(formatChoices(cx.choices))}</code></p>
${copyBlock(`repro-${id}`, "repro.json — then: cx replay repro.json", cx.repro)}
${copyBlock(`choices-${id}`, "choices.json", choicesJson)}
${copyBlock(`cmd-${id}`, "or run it directly", `cx replay repro.json\ncx run --protocol ${protocol.name} --bugs ${bugs} --choices choices.json`)}
</article>`;
}
