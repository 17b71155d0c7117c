import type { ChoiceSource } from "../choices/choice-source.js";
import type { NodeId } from "../protocol.js";
import type { BlockedLink } from "./trace.js";

/** A partition: which directed links are cut, and its shape in words. */
export interface Partition {
  readonly shape: string;
  readonly blocked: readonly BlockedLink[];
}

/**
 * The partition shapes, as the "partition shape" draw gives them (0 the
 * gentlest). Every shape is a real network failure.
 */
export const PartitionShape = {
  /** One node cut off both ways. */
  Isolate: 0,
  /** A minority split from the rest. */
  SplitMinority: 1,
  /** One node hears nobody but is still heard. */
  OneWay: 2,
  /** One node still reaches both halves, which cannot reach each other. */
  Bridge: 3,
} as const;

const SHAPES = Object.keys(PartitionShape).length;

function cut(blocked: BlockedLink[], from: NodeId, to: NodeId): void {
  if (from !== to) blocked.push({ from, to });
}

/** A partition as drawn: its shape (a {@link PartitionShape}) and the node it is built around. */
export interface PartitionDraw {
  readonly shape: number;
  readonly node: NodeId;
}

/** Draws a partition's shape and node: always exactly two draws. */
export function drawPartitionShape(choices: ChoiceSource, size: number): PartitionDraw {
  return { shape: choices.draw(SHAPES, "partition shape"), node: choices.draw(size, "partition node") };
}

/** Draws a partition and builds it: see {@link buildPartition}. */
export function drawPartition(choices: ChoiceSource, size: number): Partition {
  return buildPartition(drawPartitionShape(choices, size), size);
}

/**
 * Builds the blocked links of a drawn partition, for each {@link PartitionShape}
 * around the drawn node (a shape past the last is a bridge, as the draw
 * never gives one).
 */
export function buildPartition(drawn: PartitionDraw, size: number): Partition {
  const { shape, node: k } = drawn;
  const blocked: BlockedLink[] = [];
  const others = Array.from({ length: size }, (_, i) => i).filter((i) => i !== k);
  switch (shape) {
    case PartitionShape.Isolate:
      for (const o of others) {
        cut(blocked, k, o);
        cut(blocked, o, k);
      }
      return { shape: `s${k} isolated`, blocked };
    case PartitionShape.SplitMinority: {
      // Two nodes split one from the other; three or more, the largest minority (one of three, two of five).
      const minority = new Set(Array.from({ length: Math.max(Math.min(1, size - 1), Math.floor((size - 1) / 2)) }, (_, i) => (k + i) % size));
      for (let a = 0; a < size; a++) for (let b = 0; b < size; b++) if (minority.has(a) !== minority.has(b)) cut(blocked, a, b);
      return { shape: `{${[...minority].map((m) => `s${m}`).join(",")}} split from the rest`, blocked };
    }
    case PartitionShape.OneWay:
      for (const o of others) cut(blocked, o, k);
      return { shape: `s${k} hears nobody (one-way)`, blocked };
    default: {
      const half = Math.floor(others.length / 2);
      const left = new Set(others.slice(0, half));
      for (const a of others) for (const b of others) if (left.has(a) !== left.has(b)) cut(blocked, a, b);
      return { shape: `bridge through s${k}`, blocked };
    }
  }
}
