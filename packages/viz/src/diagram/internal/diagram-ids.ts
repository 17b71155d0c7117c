import { el } from "./svg.js";

/** The diagram's element ids, under one prefix so several diagrams can share a page. */
export interface DiagramIds {
  readonly title: string;
  readonly desc: string;
  readonly arrow: string;
  readonly hatch: string;
}

/** The ids under `prefix`, with any character that could break out of an attribute or a `url(#...)` replaced. */
export function idsOf(prefix: string): DiagramIds {
  // An id must not break out of its attribute or a url(#...) reference.
  const safe = prefix.replace(/[^A-Za-z0-9_-]/g, "-");
  return { title: `${safe}title`, desc: `${safe}desc`, arrow: `${safe}arrow`, hatch: `${safe}hatch` };
}

/** The `<defs>` every diagram uses: the hatch of a down node and the arrow head. */
export function definitions(ids: DiagramIds): string {
  return el(
    "defs",
    {},
    el("pattern", { id: ids.hatch, patternUnits: "userSpaceOnUse", width: 6, height: 6, patternTransform: "rotate(45)" }, el("rect", { width: 6, height: 6, fill: "#f3f4f6" }) + el("path", { d: "M0,0V6", stroke: "#9ca3af", "stroke-width": 2 })) +
      el("marker", { id: ids.arrow, viewBox: "0 0 8 8", refX: 8, refY: 4, markerWidth: 7, markerHeight: 7, orient: "auto" }, el("path", { d: "M0,0L8,4L0,8z", fill: "#374151" })),
  );
}
