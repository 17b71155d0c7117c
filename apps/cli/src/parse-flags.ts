import { InvalidArgumentError } from "commander";

/** commander argument parser for a non-negative integer flag. */
export function nonNegativeInteger(name: string): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`${name} must be a non-negative integer, got "${value}".`);
    return Number(value);
  };
}

/** commander argument parser for a positive integer flag. */
export function positiveInteger(name: string): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value) || Number(value) === 0) throw new InvalidArgumentError(`${name} must be a positive integer, got "${value}".`);
    return Number(value);
  };
}
