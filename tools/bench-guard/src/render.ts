import type { CellVerdict } from "./verdict.js";

const thousands = (x: number): string => Math.round(x).toLocaleString("en-US");

/** The table the guard prints: a row per protocol and scenario, medians over rounds (and the fastest rounds' ratio). */
export function renderTable(cells: readonly CellVerdict[]): string {
  const rows = [
    "| protocol | scenario | baseline runs/s | this build runs/s | ratio | fastest rounds' ratio | baseline events/s | this build events/s | same runs |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ...cells.map((v) =>
      [
        v.cell.protocol,
        v.cell.scenario,
        thousands(v.baseline.runsPerSecond),
        thousands(v.current.runsPerSecond),
        `${v.ratio.toFixed(3)}${v.slower ? " SLOWER" : ""}`,
        v.bestRatio.toFixed(3),
        thousands(v.baseline.eventsPerSecond),
        thousands(v.current.eventsPerSecond),
        v.runs.kind === "same" ? "yes" : v.runs.kind === "different" ? "NO" : `unstable (${v.runs.build})`,
      ].join(" | "),
    ).map((row) => `| ${row} |`),
  ];
  return rows.join("\n");
}
