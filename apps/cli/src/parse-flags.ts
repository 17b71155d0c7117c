import { availableParallelism } from "node:os";
import { InvalidArgumentError } from "commander";

/** commander argument parser for a non-negative integer flag. */
export function nonNegativeInteger(name: string): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`${name} must be a non-negative integer, got "${value}".`);
    if (!Number.isSafeInteger(Number(value))) throw new InvalidArgumentError(`${name} must be at most ${Number.MAX_SAFE_INTEGER}, got ${value}.`);
    return Number(value);
  };
}

/** commander argument parser for a positive integer flag. */
export function positiveInteger(name: string): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value) || Number(value) === 0) throw new InvalidArgumentError(`${name} must be a positive integer, got "${value}".`);
    if (!Number.isSafeInteger(Number(value))) throw new InvalidArgumentError(`${name} must be at most ${Number.MAX_SAFE_INTEGER}, got ${value}.`);
    return Number(value);
  };
}

/**
 * The largest seed: seeds are 32-bit (the PRNG is seeded with a 32-bit
 * integer), so a larger one is refused instead of silently running the
 * seed it aliases (4294967297 would run seed 1).
 */
export const MAX_SEED = 4_294_967_295;

/** commander argument parser for a seed: a whole number from 0 to {@link MAX_SEED}, refused (exit 2) outside it. */
export function seedValue(name: string): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number from 0 to ${MAX_SEED}, got "${value}".`);
    const seed = Number(value);
    if (seed > MAX_SEED) throw new InvalidArgumentError(`${name} must be at most ${MAX_SEED} (seeds are 32-bit), got ${value}.`);
    return seed;
  };
}

/**
 * A `--workers` request held to the cores this machine has: each worker
 * thread holds a protocol and its runs in memory, so 1000 of them on 2
 * cores only exhausts memory (gigabytes, no output). A larger request is
 * clamped with one line on stderr saying so; 0 (the main thread) and
 * absent stay as they are.
 *
 * @example
 * ```ts
 * clampWorkers(1000, { flag: "--workers", say: (line) => process.stderr.write(line), cores: 2 }); // 2, and one line said so
 * ```
 */
export function clampWorkers(requested: number | undefined, how: { readonly flag: string; readonly say: (line: string) => void; readonly cores?: number }): number | undefined {
  const { flag, say, cores = availableParallelism() } = how;
  if (requested === undefined || requested <= cores) return requested;
  say(`cx: ${flag} ${requested} is more than the ${cores} core${cores === 1 ? "" : "s"} of this machine; using ${cores}\n`);
  return cores;
}
