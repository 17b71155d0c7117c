import type { ExperimentResults } from "@cx/eval";

/** How a strategy's line is drawn in every chart of the report. */
export interface StrategyStyle {
  readonly color: string;
  readonly dash: string;
}

// Eight hues far apart (every pair at least 40 apart in CIE76 ΔE, on white), each with its own dash, so lines that coincide (strategies often share their first trials) stay tellable.
const PALETTE: readonly StrategyStyle[] = [
  { color: "#1f5fbf", dash: "none" },
  { color: "#d97706", dash: "6 3" },
  { color: "#15803d", dash: "2 3" },
  { color: "#7c3aed", dash: "8 3 2 3" },
  { color: "#db2777", dash: "10 3" },
  { color: "#0891b2", dash: "4 2 1 2" },
  { color: "#57534e", dash: "1 2" },
  { color: "#b91c1c", dash: "12 3 3 3" },
];

/** The i-th style: the palette's, then (past its end) hues a golden angle apart, darker, so no two strategies ever share a colour. */
function styleAt(i: number): StrategyStyle {
  const listed = PALETTE[i];
  if (listed !== undefined) return listed;
  const extra = i - PALETTE.length;
  const hue = Math.round((extra * 137.508 + 20) % 360);
  return { color: `hsl(${hue}, 70%, ${30 + (extra % 3) * 8}%)`, dash: `${3 + (extra % 5) * 2} 2` };
}

/**
 * One style per search strategy for the whole report, so a strategy has
 * the same colour (and dash) in every chart and no two strategies share
 * one: in the experiment's order of strategies (`config.strategies`),
 * then any other strategy the trials name, in the order they first appear.
 */
export function strategyStyles(results: ExperimentResults): ReadonlyMap<string, StrategyStyle> {
  const names = [...new Set<string>([...results.config.strategies, ...results.protocols.flatMap((p) => p.trials.cells.map((c) => c.strategy))])];
  return new Map(names.map((name, i) => [name, styleAt(i)]));
}
