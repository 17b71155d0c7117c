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
