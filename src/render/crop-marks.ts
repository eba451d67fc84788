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

/** The crop marks of a grid, within `region` (default: the grid's paper). */
export function cropMarks(grid: Grid, style: CropMarkStyle, region: Rect = { x: 0, y: 0, ...grid.paper }): Line[] {
  if (style === 'none') return [];
  const art = gridBleedBox(grid);
  const lines: Line[] = [];
  // A mark runs outward from `from` (away from the art) towards `edge`, and never past it.
  const mark = (from: number, edge: number, outward: 1 | -1): [number, number] | undefined => {
    const room = (edge - from) * outward;
    if (room < CROP_MARK.shortest) return undefined;
    const length = style === 'full' ? room : Math.min(room, CROP_MARK.length);
    return [from, from + outward * length];
  };
  for (const x of cutLines(grid.cols)) {
    const top = mark(art.y - CROP_MARK.offset, region.y, -1);
    const bottom = mark(art.y + art.height + CROP_MARK.offset, region.y + region.height, 1);
    if (top) lines.push({ x1: x, y1: top[0], x2: x, y2: top[1] });
    if (bottom) lines.push({ x1: x, y1: bottom[0], x2: x, y2: bottom[1] });
  }
  for (const y of cutLines(grid.rows)) {
    const left = mark(art.x - CROP_MARK.offset, region.x, -1);
    const right = mark(art.x + art.width + CROP_MARK.offset, region.x + region.width, 1);
    if (left) lines.push({ x1: left[0], y1: y, x2: left[1], y2: y });
    if (right) lines.push({ x1: right[0], y1: y, x2: right[1], y2: y });
  }
  return lines;
}
