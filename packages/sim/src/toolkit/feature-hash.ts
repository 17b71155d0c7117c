/**
 * Small, allocation-free pieces a protocol's coverage probe is built from:
 * chained FNV-1a over small integers, a feature's start (its group tag and
 * the cluster size), and bucketing a value by bounds. Stable on every
 * machine, so coverage features (and so guided searches) reproduce.
 */

/** FNV-1a's offset basis: a feature's hash starts here. */
export const FEATURE_HASH_START = 0x811c9dc5;

/**
 * One FNV-1a step over a small value. Chained (`mixFeature(mixFeature(FEATURE_HASH_START, a), b) >>> 0`)
 * rather than hashing an array, because a probe runs at every fault tick and
 * temporary arrays showed up in the allocation profile; the result is the
 * same as hashing `[a, b]`.
 *
 * @example
 * ```ts
 * const feature = mixFeature(startFeature(1, cluster.size), leaders) >>> 0;
 * ```
 */
export function mixFeature(hash: number, value: number): number {
  return Math.imul(hash ^ value, 0x01000193);
}

/** The hash every feature of a group starts with: the group's tag, then the cluster size (so equal values in different groups stay different features). */
export function startFeature(tag: number, clusterSize: number): number {
  return mixFeature(mixFeature(FEATURE_HASH_START, tag), clusterSize);
}

/**
 * The index of the first bound above `value` (0 below the first bound,
 * `bounds.length` at or above the last): coarse buckets keep the feature
 * space small.
 *
 * @example
 * ```ts
 * bucketOf(5, [1, 2, 4, 8]); // 3
 * ```
 */
export function bucketOf(value: number, bounds: readonly number[]): number {
  let b = 0;
  while (b < bounds.length && value >= (bounds[b] as number)) b++;
  return b;
}

/**
 * How many nodes a bit mask of node ids holds (votes, promises, acks): what
 * a quorum check counts.
 *
 * @example
 * ```ts
 * countNodes(0b1011); // 3
 * ```
 */
export function countNodes(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}
