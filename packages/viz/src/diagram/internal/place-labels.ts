import { messageName, type ArrowGeometry } from "./arrow.js";
import type { PlacedBadge } from "./badges.js";
import { BADGE_R, BAR, LEFT } from "./diagram-style.js";
import { LabelRoom, lineSpan, textBox, textRow, textWidth, type Box, type Line, type Row } from "./label-room.js";
import type { DrawnMessage } from "./pick-messages.js";

/** A label's text and where it goes: `x` its left edge, `y` its baseline. */
export interface PlacedText {
  readonly x: number;
  readonly y: number;
  readonly text: string;
}

/** Everything fixed on the drawing that movable labels must keep clear of. */
export interface FixedShapes {
  /** Texts that do not move: the headline, the lane names. */
  readonly texts: readonly Box[];
  readonly badges: readonly PlacedBadge[];
  /** Crash crosses (boxes) and restart bars (lines). */
  readonly marks: { readonly boxes: readonly Box[]; readonly lines: readonly Line[] };
  /** The drawn messages' arrows, in the order of `Wanted.messages`. */
  readonly arrows: readonly ArrowGeometry[];
  /** The violation: its line, and its label (the caller's words and baseline; which side of the line it goes is decided here). */
  readonly violation: { readonly x: number; readonly top: number; readonly bottom: number; readonly label: string; readonly labelY: number } | null;
}

/** What to label, each with its words (null: nothing to say). */
export interface Wanted {
  /** Lane bars: their span in x, their lane's centre. */
  readonly lanes: readonly { readonly x0: number; readonly x1: number; readonly y: number; readonly text: string | null }[];
  /** Partition bands: their span in x (labelled above the band, or else along its bottom). */
  readonly partitions: readonly { readonly x0: number; readonly x1: number; readonly text: string | null }[];
  /** The drawn messages: routine ones and messages to the sender itself get no label. */
  readonly messages: readonly DrawnMessage[];
}

/** Where every movable label goes, or null where it has no room: such a label is left out (its shape's tooltip still says it). */
export interface PlacedLabels {
  readonly lanes: readonly (PlacedText | null)[];
  readonly partitions: readonly (PlacedText | null)[];
  readonly messages: readonly (PlacedText | null)[];
  /** The violation's label: ending just left of its line, or starting just right of it when the left edge is too near. */
  readonly violation: { readonly x: number; readonly anchor: "start" | "end" } | null;
}

export interface LabelLayout {
  readonly clusterSize: number;
  readonly laneY: (node: number) => number;
  /** The first lane's top edge, and the last lane's bottom edge. */
  readonly top: number;
  readonly lanesBottom: number;
  readonly width: number;
}

/** How far (px) a message's label may slide along its row from beside its arrow: further, and it could seem to belong to another. */
const MESSAGE_REACH = 24;
/** How far it may slide, and into the gaps beyond its arrow's ends, when there is no room nearer. */
const MESSAGE_REACH_FAR = 48;
const FONT_SIZE = 10;

/**
 * The rows a message's label may take, nearest its sender first: in each
 * lane gap it crosses, the half by its sender's side, then the other; when
 * `far`, then also the gaps just beyond its sender's lane and beyond its
 * receiver's (still beside the arrow's ends).
 */
function messageRows(m: DrawnMessage, layout: LabelLayout, far: boolean): number[] {
  const { laneY } = layout;
  const down = m.to > m.from;
  const gaps: number[] = [];
  // Gap k lies between lane k and lane k + 1.
  for (let lane = m.from; lane !== m.to; lane += down ? 1 : -1) gaps.push(down ? lane : lane - 1);
  if (far) gaps.push(down ? m.from - 1 : m.from, down ? m.to : m.to - 1);
  const baselines: number[] = [];
  for (const k of gaps) {
    if (k < 0 || k >= layout.clusterSize - 1) continue;
    const upper = laneY(k) + BAR / 2 + 11;
    const lower = laneY(k + 1) - BAR / 2 - 3;
    baselines.push(...(down ? [upper, lower] : [lower, upper]));
  }
  return baselines;
}

/** One label to place: the words it may say (best first), and per pass the rows it may take (baselines) and where along each. */
interface Ask {
  readonly texts: readonly string[];
  readonly rows: (far: boolean) => readonly number[];
  readonly slides: (row: Row, setup: { readonly width: number; readonly far: boolean }) => readonly { readonly from: number; readonly direction: 1 | -1; readonly reach: number }[];
}

/**
 * Places the diagram's movable labels where they touch nothing: no other
 * text, no badge, no arrow or arrow head, no crash or restart mark, not
 * the violation's line, nothing outside the drawing.
 *
 * Fixed shapes are reserved first (the violation's label among them, on
 * the left of its line unless that runs off the drawing). Then, pass by
 * pass so that every label tries its best place before any settles for a
 * worse one: lane labels slide right along their bar past arrows crossing
 * it and marks; partition labels slide along the top of their band, or
 * its bottom; a message's label goes beside its arrow (right, else left,
 * a little way along the row) in the gap next to its sender, then the
 * other gaps it crosses; further along and in the gaps beyond its ends;
 * and only then as its name alone (`RequestVote` for
 * `RequestVote(t1, last 0@t0)`), never cut. A message sent to several
 * nodes at once is labelled once. A label with no room is left out.
 *
 * Deterministic: fixed order, arithmetic on the drawing's numbers.
 */
export function placeLabels(fixed: FixedShapes, wanted: Wanted, layout: LabelLayout): PlacedLabels {
  // Between the lane names and the drawing's right edge, down to the partition bands' bottom (the client rows start below).
  const room = new LabelRoom({ x0: LEFT, y0: 0, x1: layout.width - 2, y1: layout.lanesBottom + 8 });
  for (const box of fixed.texts) room.blockText(box);
  for (const b of fixed.badges) room.block({ x0: b.cx - BADGE_R, y0: b.y - BADGE_R, x1: b.cx + BADGE_R, y1: b.y + BADGE_R });
  for (const box of fixed.marks.boxes) room.block(box);
  for (const line of fixed.marks.lines) room.blockLine(line);
  for (const arrow of fixed.arrows) {
    room.blockLine(arrow.line);
    for (const mark of arrow.marks) room.blockLine(mark);
    if (arrow.head !== null) room.block(arrow.head);
  }
  let violation: PlacedLabels["violation"] = null;
  if (fixed.violation !== null) {
    const v = fixed.violation;
    room.blockLine({ x0: v.x, y0: v.top, x1: v.x, y1: v.bottom });
    const left = textBox(v.label, { x: v.x - 4, y: v.labelY, fontSize: 11, anchor: "end" });
    violation = left.x0 >= 4 ? { x: v.x - 4, anchor: "end" } : { x: v.x + 4, anchor: "start" };
    room.blockText(violation.anchor === "end" ? left : textBox(v.label, { x: v.x + 4, y: v.labelY, fontSize: 11 }));
  }

  const lanes = wanted.lanes.map((lane): Ask | null =>
    lane.text === null ? null : { texts: [lane.text], rows: () => [lane.y + 4], slides: (_, { width }) => [{ from: lane.x0 + 3, direction: 1, reach: lane.x1 - lane.x0 - 6 - width }] },
  );
  const partitions = wanted.partitions.map((band): Ask | null =>
    band.text === null
      ? null
      : { texts: [band.text], rows: () => [layout.top - 11, layout.lanesBottom + 4], slides: (_, { width }) => [{ from: band.x0 + 3, direction: 1, reach: band.x1 - band.x0 - 4 - width }] },
  );
  // A broadcast (one sender, one moment, one message to several nodes) is labelled on its first arrow only.
  const broadcasts = new Set<string>();
  const messages = wanted.messages.map((m, i): Ask | null => {
    const arrow = fixed.arrows[i];
    const key = `${m.from}@${m.sentAt}:${m.message}`;
    if (m.score < 2 || m.from === m.to || arrow === undefined || broadcasts.has(key)) return null;
    broadcasts.add(key);
    const name = messageName(m.message);
    return {
      texts: name === m.message ? [m.message] : [m.message, name],
      rows: (far) => messageRows(m, layout, far),
      slides: (row, { width, far }) => {
        // Beside where the arrow crosses the row; a lost message's stroke may stop short of it, then beside its end.
        const span = lineSpan(arrow.line, row, 0) ?? [arrow.line.x1, arrow.line.x1];
        const reach = far ? MESSAGE_REACH_FAR : MESSAGE_REACH;
        return [
          { from: span[1] + 3, direction: 1, reach },
          { from: span[0] - 3 - width, direction: -1, reach },
        ];
      },
    };
  });

  const asks = [...lanes, ...partitions, ...messages];
  const placed: (PlacedText | null)[] = asks.map(() => null);
  for (const choice of [0, 1]) {
    for (const far of [false, true]) {
      asks.forEach((ask, i) => {
        const text = ask?.texts[choice];
        if (ask === null || text === undefined || placed[i] !== null) return;
        const width = textWidth(text, FONT_SIZE);
        for (const y of ask.rows(far)) {
          const row = textRow(y, FONT_SIZE);
          for (const slide of ask.slides(row, { width, far })) {
            const x = room.take(row, { width, ...slide });
            if (x !== null) {
              placed[i] = { x, y, text };
              return;
            }
          }
        }
      });
    }
  }
  return {
    lanes: placed.slice(0, lanes.length),
    partitions: placed.slice(lanes.length, lanes.length + partitions.length),
    messages: placed.slice(lanes.length + partitions.length),
    violation,
  };
}
