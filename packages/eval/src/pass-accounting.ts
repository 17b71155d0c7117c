import type { PassStats } from "@cx/search";
import { formatCount, type ResultTable } from "./result-format.js";
import type { PassAccount, ProtocolResults } from "./results.js";

/**
 * Every pass's work summed over many shrinks: candidates tried, new bests
 * accepted, runs spent, and the shrinks where it accepted anything, the
 * dearest pass first. Passes that never ran are absent.
 *
 * When to use: over the shrinks of one protocol (the experiment does), or
 * over finds of protocols the passes were not designed on
 * (`bench:pass-accounting`), to see which passes earn their runs.
 *
 * @example
 * ```ts
 * accountPasses(outputs)[0]; // { name: "place-decisions", tried: 347518, accepted: 51, runs: 204583, findsHelped: 20 }
 * ```
 */
export function accountPasses(shrinks: readonly { readonly passes?: readonly PassStats[] | undefined }[]): PassAccount[] {
  const byPass = new Map<string, { name: string; tried: number; accepted: number; runs: number; findsHelped: number }>();
  for (const shrink of shrinks) {
    for (const pass of shrink.passes ?? []) {
      const row = byPass.get(pass.name) ?? { name: pass.name, tried: 0, accepted: 0, runs: 0, findsHelped: 0 };
      row.tried += pass.tried;
      row.accepted += pass.accepted;
      row.runs += pass.runs;
      if (pass.accepted > 0) row.findsHelped++;
      byPass.set(pass.name, row);
    }
  }
  return [...byPass.values()].sort((a, b) => b.runs - a.runs || a.name.localeCompare(b.name));
}

/** A protocol's pass accounting as a table (none when the results predate it or nothing was shrunk). */
export function passAccountingTables(p: ProtocolResults, id: string): ResultTable[] {
  const passes = p.passes;
  if (passes === undefined || passes.rows.length === 0) return [];
  const total = passes.rows.reduce((sum, r) => sum + r.runs, 0);
  return [
    {
      id: `${id}-passes`,
      title: `${p.name}: what each shrink pass did`,
      caption: `Over the ${passes.shrinks} shrinks of this protocol (each defect's picked failure and its normal-form finds): per pass, the shrinks where it made at least one new best, the new bests, the candidates it tried (cached ones included) and the target runs it spent, with its share of all the runs.`,
      columns: ["Pass", "Shrinks it helped", "New bests", "Tried", "Runs", "Share of runs"],
      rows: passes.rows.map((r) => [r.name, `${r.findsHelped}/${passes.shrinks}`, formatCount(r.accepted), formatCount(r.tried), formatCount(r.runs), total === 0 ? "—" : `${((100 * r.runs) / total).toFixed(1)}%`]),
      numeric: [1, 2, 3, 4, 5],
    },
  ];
}
