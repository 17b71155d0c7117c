import { GLYPH } from "./diagram-style.js";

/** A rectangle in the drawing's pixels. */
export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** A straight stroke (an arrow, a mark) in the drawing's pixels. */
export interface Line {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** A horizontal stripe a label's glyphs fill: from its top to its bottom. */
export interface Row {
  readonly y0: number;
  readonly y1: number;
}

/** Above and below the baseline, per pixel of font size: monospace fonts' ascent and descent (DejaVu Sans Mono 0.93 and 0.24, Menlo and Consolas less). */
const ASCENT = 0.93;
const DESCENT = 0.24;
/** Clear space kept beside a label: a stroke's half width and a little air. */
const GAP = 1.5;
/** Clear space kept above and below one: glyph boxes already hold the line's air, and a stroke may end at a bar's edge next to its label. */
const GAP_Y = 0.5;
/** Between two texts on one row, most of a glyph: less, and two labels read as one. */
const TEXT_GAP = 4;

/** The width of `text` at `fontSize`, estimated from the monospace glyph width. */
export function textWidth(text: string, fontSize: number): number {
  return [...text].length * fontSize * GLYPH;
}

/** The stripe a text with its baseline at `baseline` fills. */
export function textRow(baseline: number, fontSize: number): Row {
  return { y0: baseline - ASCENT * fontSize, y1: baseline + DESCENT * fontSize };
}

/** Where a text's glyphs reach, for its anchor (`start`, `middle`, `end`). */
export function textBox(text: string, at: { readonly x: number; readonly y: number; readonly fontSize: number; readonly anchor?: "start" | "middle" | "end" }): Box {
  const width = textWidth(text, at.fontSize);
  const x0 = at.anchor === "middle" ? at.x - width / 2 : at.anchor === "end" ? at.x - width : at.x;
  const row = textRow(at.y, at.fontSize);
  return { x0, y0: row.y0, x1: x0 + width, y1: row.y1 };
}

/** The part of a line's x extent inside the stripe `row` (widened by `pad`), or null when it does not cross it. */
export function lineSpan(line: Line, row: Row, pad: number): readonly [number, number] | null {
  const top = row.y0 - pad;
  const bottom = row.y1 + pad;
  const { x0, y0, x1, y1 } = line;
  if (Math.max(y0, y1) < top || Math.min(y0, y1) > bottom) return null;
  if (y0 === y1) return [Math.min(x0, x1) - pad, Math.max(x0, x1) + pad];
  // Clip the segment to the stripe, then take its x extent.
  const at = (y: number): number => x0 + ((x1 - x0) * (y - y0)) / (y1 - y0);
  const ya = Math.max(top, Math.min(y0, y1));
  const yb = Math.min(bottom, Math.max(y0, y1));
  const xa = at(ya);
  const xb = at(yb);
  return [Math.min(xa, xb) - pad, Math.max(xa, xb) + pad];
}

/**
 * The room left for labels: boxes and lines already drawn (or promised),
 * and where a label of a given size can go without touching any of them.
 *
 * A label only ever moves along its row (it keeps its height), so every
 * question is asked on one stripe: each box and line that reaches into it
 * blocks an interval of x, and a label fits where its width lies between
 * blocked intervals. Pure arithmetic on the drawing's numbers, asked in a
 * fixed order: the same run places the same labels at the same pixels.
 */
export class LabelRoom {
  private readonly boxes: Box[] = [];
  private readonly lines: Line[] = [];

  constructor(private readonly bounds: Box) {}

  /** Nothing may be written over `box` (a badge, an arrow head, a mark). */
  block(box: Box): void {
    this.boxes.push(box);
  }

  /** Nothing may be written over or right beside the text in `box`. */
  blockText(box: Box): void {
    this.boxes.push({ ...box, x0: box.x0 - TEXT_GAP, x1: box.x1 + TEXT_GAP });
  }

  /** Nothing may be written across `line` (an arrow, a mark's stroke). */
  blockLine(line: Line): void {
    this.lines.push(line);
  }

  /** The x intervals blocked on `row`, sorted by their start. */
  private blocked(row: Row): [number, number][] {
    const out: [number, number][] = [];
    for (const b of this.boxes) if (b.y0 < row.y1 + GAP_Y && row.y0 - GAP_Y < b.y1) out.push([b.x0 - GAP, b.x1 + GAP]);
    for (const line of this.lines) {
      const span = lineSpan(line, { y0: row.y0 - GAP_Y, y1: row.y1 + GAP_Y }, 0);
      if (span !== null) out.push([span[0] - GAP, span[1] + GAP]);
    }
    return out.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  }

  /**
   * The x nearest to `from` (at most `reach` away, in `direction`: 1 to the
   * right, -1 to the left) where a label `width` wide fits on `row`,
   * inside the drawing and touching nothing; it is blocked there at once.
   * Null when there is no such place.
   */
  take(row: Row, setup: { readonly width: number; readonly from: number; readonly direction: 1 | -1; readonly reach: number }): number | null {
    const { width, from, direction, reach } = setup;
    if (row.y0 < this.bounds.y0 || row.y1 > this.bounds.y1) return null;
    const blocked = this.blocked(row);
    // The label's left edge may lie in [low, high]; walk the candidate edges in direction order.
    const low = Math.max(this.bounds.x0, direction === 1 ? from : from - reach);
    const high = Math.min(this.bounds.x1 - width, direction === 1 ? from + reach : from);
    if (low > high) return null;
    const candidates = direction === 1 ? [low, ...blocked.map(([, b]) => b)] : [high, ...blocked.map(([a]) => a - width)];
    const inRange = candidates.filter((x) => x >= low && x <= high).sort((a, b) => (a - b) * direction);
    for (const x of inRange) {
      if (blocked.every(([a, b]) => b <= x || a >= x + width)) {
        this.blockText({ x0: x, y0: row.y0, x1: x + width, y1: row.y1 });
        return x;
      }
    }
    return null;
  }
}
