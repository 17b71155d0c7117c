import { plot, type PlotOptions } from "@observablehq/plot";
import { parseHTML } from "linkedom";

/**
 * Renders an Observable Plot to markup when the report is written, in a
 * DOM made by linkedom (no browser): an inline `<svg>` (a `<figure>` when
 * the plot has a legend) with Plot's own `<style>`, and the `<title>` of
 * every mark given a `title` channel, so hovering works on the page.
 *
 * Gotchas: text the plot draws is set through the DOM and escaped when
 * serialised; give the options no `render` functions or HTML strings.
 */
export function plotSvg(options: PlotOptions): string {
  const { document } = parseHTML("<!doctype html><html><head></head><body></body></html>");
  return (plot({ ...options, document: document as unknown as NonNullable<PlotOptions["document"]> }) as unknown as { outerHTML: string }).outerHTML;
}
