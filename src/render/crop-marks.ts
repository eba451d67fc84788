// Crop marks: a line where every cut line leaves the grid, drawn outside the grid's bleed so a mark
// never sits on a card's art. `corner`: short marks; `full`: each cut line drawn across the whole
// margin to the edge of its region (the paper, or the half of it for a gutter fold).
import type { Axis, Grid, Rect } from './impose.js';
import type { CropMarkStyle } from './print-options.js';

export type { CropMarkStyle } from './print-options.js';

export const CROP_MARK = {
  /** Line width, mm (at least 0.15 mm prints on every printer). */
  width: 0.2,
  /** Distance kept from the grid's bleed, mm. */
  offset: 1,
  /** Length of a `corner` mark, mm. */
  length: 5,
  /** A mark shorter than this is left out, mm. */
  shortest: 0.5,
} as const;

export interface Line {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** The positions of every cut line along an axis: each trim's two edges, shared edges once. */
export function cutLines(axis: Axis): number[] {
  const out: number[] = [];
  for (let i = 0; i < axis.count; i++) {
    for (const at of [axis.start + i * axis.step, axis.start + i * axis.step + axis.card]) {
      if (!out.some((x) => Math.abs(x - at) < 1e-6)) out.push(at);
    }
  }
  return out;
}

/** The grid's art, bleed included: crop marks stay outside it. */
export function gridBleedBox(grid: Grid): Rect {
  const span = (a: Axis) => a.count * a.card + (a.count - 1) * (a.step - a.card);
  return {
    x: grid.cols.start - grid.cols.outerBleed,
    y: grid.rows.start - grid.rows.outerBleed,
    width: span(grid.cols) + 2 * grid.cols.outerBleed,
    height: span(grid.rows) + 2 * grid.rows.outerBleed,
  };
}

/** How far a `full` mark reaches outside the grid, mm: cut lines span the pieces, not the empty paper round them. */
export const FULL_REACH = 10;

/**
 * The crop marks of a grid, within `region` (default: the grid's paper), never within the grid's
 * safe margin of the paper's edge. Outside the grid, a mark runs outward from the art at each cut
 * line (`corner`: CROP_MARK.length; `full`: up to FULL_REACH). In a gutter wider than the bleed on
 * both sides (a spread page), each cut line is marked there too: `corner` a short mark from each
 * side, `full` the whole way across.
 */
export function cropMarks(grid: Grid, style: CropMarkStyle, region: Rect = { x: 0, y: 0, ...grid.paper }): Line[] {
  if (style === 'none') return [];
  const safe = grid.safe;
  const within: Rect = {
    x: Math.max(region.x, safe),
    y: Math.max(region.y, safe),
    width: Math.min(region.x + region.width, grid.paper.width - safe) - Math.max(region.x, safe),
    height: Math.min(region.y + region.height, grid.paper.height - safe) - Math.max(region.y, safe),
  };
  const art = gridBleedBox(grid);
  const lines: Line[] = [];
  const reach = style === 'full' ? FULL_REACH : CROP_MARK.length;
  // A mark runs outward from `from` (away from the art) towards `edge`, and never past it.
  const mark = (from: number, edge: number, outward: 1 | -1): [number, number] | undefined => {
    const room = (edge - from) * outward;
    if (room < CROP_MARK.shortest) return undefined;
    return [from, from + outward * Math.min(room, reach)];
  };
  // The stretches of a cut line between neighbouring pieces' bleed, where a gutter leaves room for a mark.
  const inGutters = (a: Axis): [number, number][] => {
    const out: [number, number][] = [];
    for (let i = 0; i + 1 < a.count; i++) {
      const from = a.start + i * a.step + a.card + a.innerBleed + CROP_MARK.offset;
      const to = a.start + (i + 1) * a.step - a.innerBleed - CROP_MARK.offset;
      if (to - from < 2 * CROP_MARK.shortest) continue;
      if (style === 'full' || to - from <= 2 * CROP_MARK.length) out.push([from, to]);
      else out.push([from, from + CROP_MARK.length], [to - CROP_MARK.length, to]);
    }
    return out;
  };
  for (const x of cutLines(grid.cols)) {
    if (x < within.x || x > within.x + within.width) continue;
    const top = mark(art.y - CROP_MARK.offset, within.y, -1);
    const bottom = mark(art.y + art.height + CROP_MARK.offset, within.y + within.height, 1);
    if (top) lines.push({ x1: x, y1: top[0], x2: x, y2: top[1] });
    if (bottom) lines.push({ x1: x, y1: bottom[0], x2: x, y2: bottom[1] });
    for (const [y1, y2] of inGutters(grid.rows)) lines.push({ x1: x, y1, x2: x, y2 });
  }
  for (const y of cutLines(grid.rows)) {
    if (y < within.y || y > within.y + within.height) continue;
    const left = mark(art.x - CROP_MARK.offset, within.x, -1);
    const right = mark(art.x + art.width + CROP_MARK.offset, within.x + within.width, 1);
    if (left) lines.push({ x1: left[0], y1: y, x2: left[1], y2: y });
    if (right) lines.push({ x1: right[0], y1: y, x2: right[1], y2: y });
    for (const [x1, x2] of inGutters(grid.cols)) lines.push({ x1, y1: y, x2, y2: y });
  }
  return lines;
}
