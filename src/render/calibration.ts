// The duplex calibration sheet: three targets on the front, and on the back, where each target's
// back lands when the printer does not shift, two scales in millimetres. A pin pushed through a
// target shows on the back how far the printer shifts the back side: that reading is the
// --back-offset to print with (right and down positive, as the back is seen).
import { documentShell, page, type Composed, type PageBox, type PrintOptions } from './compose.js';
import { PAPER } from './print-options.js';
import type { Templates } from './handlebars.js';
import { fmt } from './impose.js';

export const CALIBRATION_RANGE = 6;

export interface Target {
  readonly name: string;
  readonly x: number;
  readonly y: number;
}

/** Where the targets sit on the front. */
export function calibrationTargets(paper: { width: number; height: number }): Target[] {
  return [
    { name: 'A', x: paper.width / 2, y: paper.height * 0.58 },
    { name: 'B', x: 35, y: paper.height - 35 },
    { name: 'C', x: paper.width - 35, y: paper.height - 35 },
  ];
}

/** Where a front target's zero lands on the back page, after the back offset. */
export function backOf(t: Target, paper: { width: number; height: number }, duplex: 'long' | 'short', offset: { x: number; y: number }): Target {
  const mirrored = duplex === 'long' ? { x: paper.width - t.x, y: t.y } : { x: t.x, y: paper.height - t.y };
  return { name: t.name, x: mirrored.x + offset.x, y: mirrored.y + offset.y };
}

export function composeCalibration(templates: Templates, o: PrintOptions): Composed {
  const paper = PAPER[o.paper];
  const duplex = o.duplex === 'none' ? 'long' : o.duplex;
  const r = CALIBRATION_RANGE;
  const n = (v: number) => Math.round(v * 1000) / 1000;
  const cross = (t: Target) => ({ name: t.name, x: n(t.x), y: n(t.y), x1: n(t.x - r - 0.5), x2: n(t.x + r + 0.5), y1: n(t.y - r - 0.5), y2: n(t.y + r + 0.5) });
  const front = calibrationTargets(paper).map((t) => ({ ...cross(t), labelX: n(t.x + 5), labelY: n(t.y - 5), lines: [] }));
  // The back: a millimetre grid round where each target's back lands, labelled every 5 mm.
  const back = calibrationTargets(paper).map((t) => {
    const b = backOf(t, paper, duplex, o.backOffset);
    const lines = [];
    const labels = [];
    for (let d = -r; d <= r; d++) {
      const strong = d % 5 === 0;
      const colour = d === 0 ? '#000' : strong ? '#444' : '#9a9a9a';
      const width = d === 0 ? 0.2 : strong ? 0.15 : 0.08;
      lines.push({ d: `M${n(b.x + d)} ${n(b.y - r)}V${n(b.y + r)}M${n(b.x - r)} ${n(b.y + d)}H${n(b.x + r)}`, colour, width });
      if (strong) {
        const text = d > 0 ? `+${d}` : String(d);
        labels.push({ x: n(b.x + d), y: n(b.y - r - 1.2), anchor: 'middle', text });
        labels.push({ x: n(b.x - r - 1.2), y: n(b.y + d + 0.85), anchor: 'end', text });
      }
    }
    return { ...cross(b), labelX: n(b.x + r + 2), labelY: n(b.y + r), lines, labels, xTitleY: n(b.y - r - 4.5), yTitleX: n(b.x - r - 6) };
  });
  const context = (side: 'front' | 'back') => ({
    front: side === 'front',
    paper: o.paper === 'a4' ? 'A4' : 'Letter',
    duplex,
    offset: o.backOffset.x !== 0 || o.backOffset.y !== 0 ? `${fmt(o.backOffset.x)},${fmt(o.backOffset.y)}` : null,
    textWidth: `${paper.width - 30}mm`,
    width: paper.width,
    height: paper.height,
    targets: side === 'front' ? front : back,
  });
  const box: PageBox = { size: paper, side: 'calibration' };
  const pages = (['front', 'back'] as const).map((side) => ({ box, html: page(paper, templates.render('layouts/calibration.hbs', context(side))) }));
  return { html: documentShell(templates, 'calibration', 'playmark duplex calibration', pages, false), pages: pages.map((p) => p.box), warnings: [] };
}
