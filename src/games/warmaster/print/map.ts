// The ship map. The source has no map: the numbered areas, their connections and the places of
// the special areas come from the content (rulings). Areas sit on a grid by their number (tens
// digit down the ship, units digit across, as the map ruling reads them); every connection the
// content lists is drawn once, as a line between the two areas' centres.
import type { Effect } from '../../../../generated/types/common/effect.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import { ruleWords } from '../../../render/common/rule-words.js';
import { MarkBook } from '../../../render/marks.js';
import type { NamedContext } from '../../../render/contexts/context.js';
import { type Area, face, footer, layered, numberedAreas, ruleNames, warmasterView, type WarmasterView } from './shared.js';

/** Map geometry in millimetres. */
const MAP_W = 186;
const PITCH_X = 31;
const PITCH_Y = 30;
export const BOX_W = 24;
export const BOX_H = 25;
/** The band at the top of an area that holds its number (and a special area's name). */
export const NUMBER_H = 7;
/** The room below an area's number where a stack of counters stands, its number still in view. */
export const COUNTER_ROOM = { width: BOX_W, height: BOX_H - NUMBER_H } as const;
const HULL_INSET = 1.6;
const TOP = 8; // room for the bow label

export interface MapArea {
  readonly id: string;
  readonly number: number;
  readonly x: number;
  readonly y: number;
  readonly cx: number;
  readonly cy: number;
}

export interface MapEdge {
  readonly a: string;
  readonly b: string;
  readonly key: string;
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

type Numbered = Area & { number: number };

/** Every connection once (an undirected pair), in area order. */
export function connectionPairs(list: readonly Numbered[]): [string, string][] {
  const seen = new Set<string>();
  const pairs: [string, string][] = [];
  for (const a of list) {
    for (const b of a.connections ?? []) {
      const pair = [a.id, b].sort() as [string, string];
      const key = pair.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.push(pair);
    }
  }
  return pairs;
}

/** The areas placed by number: row = tens digit, column = units digit. */
function layout(list: readonly Numbered[]) {
  const rows = [...new Set(list.map((a) => Math.floor(a.number / 10)))].sort((a, b) => a - b);
  const colsAll = list.map((a) => a.number % 10);
  const minCol = Math.min(...colsAll);
  const maxCol = Math.max(...colsAll);
  const x0 = (MAP_W - (maxCol - minCol + 1) * PITCH_X) / 2;
  const cellX = (col: number) => x0 + (col - minCol) * PITCH_X;
  const cellY = (row: number) => TOP + rows.indexOf(row) * PITCH_Y;
  const placed = new Map<string, MapArea>();
  for (const a of list) {
    const row = Math.floor(a.number / 10);
    const col = a.number % 10;
    const x = cellX(col) + (PITCH_X - BOX_W) / 2;
    const y = cellY(row) + (PITCH_Y - BOX_H) / 2;
    placed.set(a.id, { id: a.id, number: a.number, x, y, cx: x + BOX_W / 2, cy: y + BOX_H / 2 });
  }
  // The hull: each row's span of columns, outlined.
  const spans = rows.map((row) => {
    const cols = list.filter((a) => Math.floor(a.number / 10) === row).map((a) => a.number % 10);
    return {
      row,
      left: cellX(Math.min(...cols)) + HULL_INSET,
      right: cellX(Math.max(...cols)) + PITCH_X - HULL_INSET,
      top: cellY(row),
      bottom: cellY(row) + PITCH_Y,
    };
  });
  const pts: [number, number][] = [];
  spans.forEach((s, i) => {
    const top = i === 0 ? s.top + HULL_INSET : s.top;
    const bottom = i === spans.length - 1 ? s.bottom - HULL_INSET : s.bottom;
    pts.push([s.right, top], [s.right, bottom]);
  });
  [...spans].reverse().forEach((s, i) => {
    const last = i === 0;
    const first = i === spans.length - 1;
    const top = first ? s.top + HULL_INSET : s.top;
    const bottom = last ? s.bottom - HULL_INSET : s.bottom;
    pts.push([s.left, bottom], [s.left, top]);
  });
  const hull = pts.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(2)} ${y.toFixed(2)}`).join(' ') + ' Z';
  const height = TOP + rows.length * PITCH_Y + 7;
  const first = spans[0]!;
  const last = spans[spans.length - 1]!;
  // The legend goes in the first row's empty corner when there is room for it (two columns).
  const second = spans[1];
  const leftRoom = first.left - (second ? second.left : first.left);
  const rightRoom = (second ? second.right : first.right) - first.right;
  const legend =
    leftRoom >= 2 * PITCH_X
      ? { x: second!.left, y: TOP, w: leftRoom - 2 * HULL_INSET, h: PITCH_Y - 2 * HULL_INSET }
      : rightRoom >= 2 * PITCH_X
        ? { x: first.right + 2 * HULL_INSET, y: TOP, w: rightRoom - 2 * HULL_INSET, h: PITCH_Y - 2 * HULL_INSET }
        : null;
  return {
    legend,
    placed,
    hull,
    width: MAP_W,
    height,
    bow: { x: (first.left + first.right) / 2, y: TOP - 2.5 },
    stern: { x: (last.left + last.right) / 2, y: last.bottom + 5 },
  };
}

type EffectList = readonly DeepReadonly<Effect>[];

/** The pointer of the first `at-place` counting down (or up) through the numbered areas in `effects`, and its count. */
function countdownIn(effects: EffectList, pointer: string): { pointer: string; from: number; to: number } | null {
  for (const [i, e] of effects.entries()) {
    const at = `${pointer}/${i}`;
    if (e.kind === 'at-place' && 'countdown' in e.place) return { pointer: at, ...e.place.countdown };
    const inner =
      'do' in e && Array.isArray(e.do)
        ? countdownIn(e.do as EffectList, `${at}/do`)
        : e.kind === 'roll'
          ? (e.outcomes.map((o, k) => countdownIn(o.effects, `${at}/outcomes/${k}/effects`)).find((x) => x !== null) ?? null)
          : null;
    if (inner) return inner;
  }
  return null;
}

/**
 * The fire: the first area (by id) with a rule whose effect counts through the numbered areas (the
 * Engine Room's burning ship), the count and the rule in words, so the track is what the engine plays.
 */
function fireRule(view: WarmasterView) {
  for (const id of Object.keys(view.areas).sort()) {
    const area = view.areas[id]!;
    for (const [i, rule] of (area.rules ?? []).entries()) {
      const found = countdownIn(rule.do, `/rules/${i}/do`);
      if (!found) continue;
      const words = ruleWords(rule, { ...ruleNames(view), here: area.name ?? area.id }, `/rules/${i}`);
      if (!words) continue;
      const origins = view.origins('ship-area', id);
      const under = Object.keys(origins ?? {}).filter((p) => p.startsWith(`/rules/${i}/`));
      return { area, from: found.from, to: found.to, text: words.text, marks: [`${found.pointer}/place/countdown/from`, ...under] };
    }
  }
  return null;
}

/** The map's face: the selected numbered areas (in number order) on the grid; special areas and the fire from the whole pack. */
function mapFace(view: WarmasterView, list: readonly Numbered[], playmarkVersion: string) {
  const book = new MarkBook();
  const geo = layout(list);
  const areaOrigins = (id: string) => view.origins('ship-area', id);
  // Connections first (one entry per area, numbered in area order), then the special areas.
  for (const a of list) book.add(a.id, areaOrigins(a.id), ['/connections']);
  for (const a of list) if (a.special) book.add(a.id, areaOrigins(a.id), ['/special']);

  const fire = fireRule(view);
  if (fire) book.add(fire.area.id, areaOrigins(fire.area.id), fire.marks);

  const areaViews = list.map((a) => {
    const p = geo.placed.get(a.id)!;
    const special = a.special ? view.areas[a.special] : undefined;
    const tags: string[] = [];
    // From the area's rules: one that closes it (`limit-movement` with `closed`, no `if`), and one
    // that destroys the units arriving (`unit-enters`): only a teleport can bring them there.
    const rules = special?.rules ?? [];
    const closed = rules.some((r) => r.when === undefined && r.if === undefined && r.do.some((e) => e.kind === 'limit-movement' && e.closed === true));
    const kills = rules.some(
      (r) =>
        r.when?.event === 'unit-enters' &&
        r.do.some((e) => e.kind === 'destroy' && e.target !== undefined && 'binding' in e.target && e.target.binding === 'subject'),
    );
    if (closed) tags.push('No entry');
    if (closed && kills) tags.push('Teleport kills');
    const fireStart = fire?.from === a.number;
    return {
      id: a.id,
      number: a.number,
      x: p.x,
      y: p.y,
      w: BOX_W,
      h: BOX_H,
      special: special ? { id: special.id, name: special.name ?? special.id } : null,
      tags,
      fireStart,
    };
  });
  const edges: MapEdge[] = connectionPairs(list).flatMap(([a, b]) => {
    const pa = geo.placed.get(a);
    const pb = geo.placed.get(b);
    if (!pa || !pb) return [];
    return [{ a, b, key: `${a} ${b}`, x1: pa.cx, y1: pa.cy, x2: pb.cx, y2: pb.cy }];
  });

  const countdown = fire
    ? {
        area: fire.area.name ?? fire.area.id,
        areaId: fire.area.id,
        text: fire.text,
        marks: fire.marks,
        track: list
          .filter((a) => (fire.from >= fire.to ? a.number <= fire.from && a.number >= fire.to : a.number >= fire.from && a.number <= fire.to))
          .sort((a, b) => (fire.from >= fire.to ? b.number - a.number : a.number - b.number))
          .map((a) => ({ number: a.number, special: a.special !== null && a.special !== undefined })),
      }
    : null;

  const ruled = list.some((a) => layered(areaOrigins(a.id), '/connections'));
  const f = face(
    {
      title: view.pack.title,
      subtitle: 'Ship map',
      footer: footer(view, playmarkVersion),
      ruled,
      map: { width: geo.width, height: geo.height, hull: geo.hull, bow: geo.bow, stern: geo.stern, legend: geo.legend },
      areas: areaViews,
      edges,
      countdown,
    },
    book,
    'ship map',
  );
  return f;
}

export const shipMapContext: NamedContext = {
  name: 'warmaster-ship-map',
  description:
    'One map of the selected numbered ship areas: each placed on a grid by its number (tens digit down the ship, units digit across), every connection drawn once, the special areas labelled where the content puts them, and the fire countdown track; a notice when a layer set the connections.',
  kinds: ['ship-area'],
  build(input) {
    const view = warmasterView(input.content);
    // The selected areas with a number; every numbered area when the printable selects none.
    const list = input.printable.records
      ? input.records.map((r) => view.areas[r.id]!).filter((a): a is Numbered => typeof a.number === 'number')
      : numberedAreas(view);
    return { faces: [mapFace(view, list, input.playmarkVersion)] };
  },
};
