import { sharedFailureAgreement } from "./normal-form-summary.js";
import { formatCount, type ResultTable } from "./result-format.js";
import type { NormalFormSummary, ProtocolResults } from "./results.js";

/** A defect and the normal-form figures of its finds. */
interface DefectNormalForm {
  readonly bug: string;
  readonly nf: NormalFormSummary;
}

/**
 * The protocol's normal-form tables (`raft-normal-form`, then
 * `-by-invariant` and `-by-failure` when some defect's finds split that
 * way); none when no shrink row carries normal-form figures.
 */
export function normalFormTables(p: ProtocolResults, id: string): ResultTable[] {
  const normalForms = p.shrinks.rows.flatMap((r) => (r.normalForm === undefined || r.normalForm === null ? [] : [{ bug: r.bug, nf: r.normalForm }]));
  if (normalForms.length === 0) return [];
  const tables: ResultTable[] = [sameListTable(p, id, normalForms)];
  const split = normalForms.filter(({ nf }) => (nf.byInvariant?.length ?? 0) > 1);
  if (split.length > 0) tables.push(byInvariantTable(p, id, split));
  const shaped = normalForms.filter(({ nf }) => (nf.byFailure?.length ?? 0) > 0);
  if (shaped.length > 0) tables.push(byFailureTable(p, id, shaped));
  return tables;
}

function sameListTable(p: ProtocolResults, id: string, normalForms: readonly DefectNormalForm[]): ResultTable {
  return {
    id: `${id}-normal-form`,
    title: `${p.name}: one failure, one counterexample?`,
    caption: "For each defect, its failures found in the trials, each shrunk alone: the share that shrank to the most common choice list, how many distinct lists they ended in, the spread of decisions after shrinking (least, median, most, and most over least), and how many shrinks converged before the run budget.",
    columns: ["Defect", "Finds", "Same list", "Distinct lists", "Decisions after (min / median / max)", "Most / least", "Converged", "Candidate runs (median)"],
    rows: normalForms.map(({ bug, nf }) => [
      bug,
      formatCount(nf.finds),
      `${Math.round(100 * nf.normalFormRate)}%`,
      formatCount(nf.distinctLists),
      nf.decisionsMin === null ? "—" : `${formatCount(nf.decisionsMin)} / ${formatCount(nf.decisionsMedian)} / ${formatCount(nf.decisionsMax)}`,
      nf.decisionsMin === null || nf.decisionsMax === null ? "—" : `${(nf.decisionsMax / Math.max(1, nf.decisionsMin)).toFixed(2)}x`,
      nf.converged === undefined ? "—" : `${formatCount(nf.converged)} / ${formatCount(nf.finds)}`,
      formatCount(nf.candidateRunsMedian),
    ]),
    numeric: [1, 2, 3, 5, 6, 7],
  };
}

function byInvariantTable(p: ProtocolResults, id: string, split: readonly DefectNormalForm[]): ResultTable {
  return {
    id: `${id}-normal-form-by-invariant`,
    title: `${p.name}: one counterexample per violation?`,
    caption: "The defects whose finds broke more than one invariant, their finds split by the invariant broken: the shrinker keeps a find's invariant, so finds of different invariants can never end on the same list. The other defects' finds all broke one invariant (the table above).",
    columns: ["Defect", "Invariant", "Finds", "Same list", "Distinct lists", "Decisions after (min / max)", "Most / least"],
    rows: split.flatMap(({ bug, nf }) =>
      (nf.byInvariant ?? []).map((v) => [
        bug,
        v.invariant,
        formatCount(v.finds),
        `${Math.round(100 * v.normalFormRate)}%`,
        formatCount(v.distinctLists),
        v.decisionsMin === null ? "—" : `${formatCount(v.decisionsMin)} / ${formatCount(v.decisionsMax)}`,
        v.decisionsMin === null || v.decisionsMax === null ? "—" : `${(v.decisionsMax / Math.max(1, v.decisionsMin)).toFixed(2)}x`,
      ]),
    ),
    numeric: [2, 3, 4, 6],
  };
}

function byFailureTable(p: ProtocolResults, id: string, shaped: readonly DefectNormalForm[]): ResultTable {
  return {
    id: `${id}-normal-form-by-failure`,
    title: `${p.name}: one counterexample per failure?`,
    caption:
      "The finds of each defect split by failure: the invariant broken and the faults its counterexample held before the failure (crashes, partitions by shape, dropped, duplicated and overtaken messages; which node is left out). Finds of different failures broke the defect in different ways, which no shrink turns into one another; finds of one failure that ended on different lists are what the shrinker left unsettled. The last two columns pool every failure that two finds or more share (a failure found once agrees with itself, so it is left out).",
    columns: ["Defect", "Failures", "Commonest failure", "Its finds", "Its same list", "Finds sharing a failure", "Same list within their failure"],
    rows: shaped.map(({ bug, nf }) => {
      const failures = nf.byFailure ?? [];
      const top = failures[0];
      const { sharing, agreeing } = sharedFailureAgreement(failures);
      return [
        bug,
        formatCount(failures.length),
        top === undefined ? "—" : `${top.invariant}: ${top.faultShape}`,
        top === undefined ? "—" : formatCount(top.finds),
        top === undefined ? "—" : `${Math.round(100 * top.normalFormRate)}%`,
        formatCount(sharing),
        sharing === 0 ? "—" : `${Math.round((100 * agreeing) / sharing)}%`,
      ];
    }),
    numeric: [1, 3, 4, 5, 6],
  };
}
