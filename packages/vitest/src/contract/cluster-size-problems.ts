import { GeneratedChoices, huntScenarioOverrides, type ProtocolPlugin } from "@cx/sim";

/**
 * Fewest client operations answered over one size's runs for the size to
 * count as serving clients: with 12 hunt runs a healthy cluster answers far
 * more, while a size that never elects a leader or never reaches a quorum
 * answers next to nothing, which no violation would report.
 */
export const CLUSTER_SIZE_MIN_ANSWERED = 100;

/** Spreads each size's seeds apart, so two sizes never replay one schedule. */
const SEED_STRIDE = 131;

/**
 * What goes wrong when the correct protocol runs hostile hunt schedules
 * (`huntScenarioOverrides`) on a cluster of `size` nodes, one run per seed
 * (choices `seed * 131 + size`): a violation, a run on a cluster of
 * another size (the plug-in ignored `clusterSize`), or no more than
 * {@link CLUSTER_SIZE_MIN_ANSWERED} client operations answered over all
 * the runs. Empty when the size is served.
 *
 * @example
 * ```ts
 * clusterSizeProblems(protocolPlugin, { size: 4, seeds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }); // [] for a protocol that works with 4 nodes
 * ```
 */
export function clusterSizeProblems(plugin: ProtocolPlugin, spec: { readonly size: number; readonly seeds: readonly number[] }): string[] {
  const { size, seeds } = spec;
  const problems: string[] = [];
  let answered = 0;
  for (const seed of seeds) {
    const run = plugin.run({ choices: new GeneratedChoices(seed * SEED_STRIDE + size), options: { ...huntScenarioOverrides, clusterSize: size } });
    if (run.violation !== null) problems.push(`size ${size}, seed ${seed}: ${run.violation.invariant} violated at t=${run.violation.time}: ${run.violation.message}`);
    if (run.clusterSize !== size) problems.push(`size ${size}, seed ${seed}: the run had ${run.clusterSize} nodes (the plug-in must honour the clusterSize option)`);
    answered += run.history.filter((op) => op.return !== null).length;
  }
  if (answered <= CLUSTER_SIZE_MIN_ANSWERED) problems.push(`size ${size}: only ${answered} client operations answered over ${seeds.length} runs (more than ${CLUSTER_SIZE_MIN_ANSWERED} expected)`);
  return problems;
}
