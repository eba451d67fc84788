// warchon-odds: an exact-odds sheet per spread, from `warchonOdds` (src/analysis/odds.ts): for each
// Combat Results Table column a stacked bar of its result probabilities (the attacker's worst at the
// bottom, his best at the top; the Random Event share apart above), the exact fractions and
// percentages, the expected Hits per side, the attacker's edge and the "worse for the attacker than
// the column to its left" flag. Values that rest on layer entries carry their marks.
import { warchonOdds, type Outcome, type WarchonSpreadOdds } from '../../../analysis/odds.js';
import type { Fraction } from '../../../analysis/fraction.js';
import type { CombatResult } from '../../../engine/warchon/results.js';
import { SPREADS } from '../../../engine/warchon/tables.js';
import { origins, results, type WarchonSpreadId } from '../../../../generated/content/warchon.js';
import { MarkBook } from '../../marks.js';
import type { BuildContext, Face, SheetPrintable } from '../../printable.js';
import { attackerGain, resultClass, resultLegend, type OriginsOf } from './common.js';

/** Height of a full (100%) bar, in mm; the template draws the event share above a gap. */
export const BAR_MM = 112;
/** The gap between the event share and the results, and the bar cell's top padding, in mm (as in warchon.css). */
const EVENT_GAP_MM = 1.6;
const BAR_PAD_MM = 1;

const frac = (f: Fraction) => f.toString();
const pct = (f: Fraction) => f.toPercent(1);
const dec = (f: Fraction) => (f.den === 1n ? null : f.toNumber().toFixed(2));

function outcomeContext(o: Outcome<CombatResult>, spread: string, book: MarkBook, spreadOrigins: OriginsOf) {
  const pointers = [...new Set(o.layers.map((p) => p.pointer))].sort();
  book.add(spread, spreadOrigins, pointers);
  const height = o.probability.toNumber() * BAR_MM;
  return {
    key: o.key,
    kind: o.kind,
    code: o.kind === 'result' ? (o.result?.code ?? o.key) : o.kind === 'event' ? null : null,
    cls: o.kind === 'event' ? 'odds-event' : o.kind === 'unknown' ? 'res-unknown' : resultClass(o.result),
    fraction: frac(o.probability),
    percent: pct(o.probability),
    numbers: o.numbers.join(', '),
    height: height.toFixed(2),
    /** Tall enough to print its code and percentage inside the bar. */
    labelled: height >= 3.2,
    pointers,
  };
}

/** One spread's odds face. */
export function oddsFace(odds: WarchonSpreadOdds, spreadOrigins: OriginsOf, version: string, pairs: number): Face {
  const book = new MarkBook();
  const id = odds.spread;
  // Every entry the odds rest on gets its footnote, in the order the chart shows them.
  const columns = odds.columns.map((c) => {
    const gain = (o: Outcome<CombatResult>) => (o.result ? attackerGain(o.result, odds.eliminationHits) : 0);
    const resultsOnly = c.outcomes.filter((o) => o.kind === 'result').sort((a, b) => gain(a) - gain(b) || a.key.localeCompare(b.key));
    const unknown = c.outcomes.filter((o) => o.kind === 'unknown');
    const event = c.outcomes.find((o) => o.kind === 'event') ?? null;
    // Bars stack from the bottom: the attacker's worst first.
    const stack = [...resultsOnly, ...unknown].map((o) => outcomeContext(o, id, book, spreadOrigins));
    const ev = event ? outcomeContext(event, id, book, spreadOrigins) : null;
    const share = (f: Fraction | null) => (f === null ? null : { fraction: frac(f), decimal: dec(f), width: ((f.toNumber() / odds.eliminationHits) * 100).toFixed(1) });
    return {
      label: c.label,
      stackTopDown: [...stack].reverse(),
      listed: [...stack].reverse().concat(ev ? [ev] : []),
      event: ev,
      total: { fraction: frac(c.total), percent: pct(c.total) },
      attackerHits: share(c.attackerHits),
      defenderHits: share(c.defenderHits),
      edge: c.edge === null ? null : { fraction: (c.edge.num > 0n ? '+' : '') + frac(c.edge), decimal: dec(c.edge), positive: c.edge.num > 0n, negative: c.edge.num < 0n },
      worseThanLeft: c.worseThanLeft,
    };
  });
  for (const p of odds.layers) book.add(id, spreadOrigins, [p.pointer]);
  const eventShare = odds.columns[0]?.event ?? null;
  const { marks, footnotes } = book.result();
  return {
    context: {
      spread: id,
      number: odds.number,
      name: odds.name,
      pairs,
      columns,
      axisTopMm: (BAR_PAD_MM + (eventShare && !eventShare.isZero() ? eventShare.toNumber() * BAR_MM + EVENT_GAP_MM : 0)).toFixed(2),
      event: eventShare && !eventShare.isZero() ? { fraction: frac(eventShare), percent: pct(eventShare) } : null,
      eventsTable: odds.eventsTable !== null,
      eliminationHits: odds.eliminationHits,
      anyWorse: columns.some((c) => c.worseThanLeft),
      layerEntries: odds.layers.map((p) => p.entry),
      legend: resultLegend(Object.values(results)),
      eliminationCodes: Object.values(results).filter((r) => r.attacker === 'eliminated' || r.defender === 'eliminated').map((r) => r.code),
      noHitCodes: Object.values(results).filter((r) => r.attacker === 'none' && r.defender === 'none').map((r) => r.code),
      version,
    },
    marks,
    footnotes,
    copies: 1,
    label: `odds ${id}`,
  };
}

export function oddsPrintable(ctx: BuildContext): SheetPrintable {
  const all = [...SPREADS.values()];
  const odds = warchonOdds(all);
  return {
    id: 'warchon-odds',
    pack: 'warchon',
    title: 'Warchon: exact combat odds per spread',
    template: 'warchon/odds.hbs',
    kind: 'sheet',
    orientation: 'portrait',
    faces: odds.map((o, i) => {
      const pairs = all[i]!.rng.reduce((n, row) => n + row.length, 0);
      return oddsFace(o, origins.spread[o.spread as WarchonSpreadId], ctx.playmarkVersion, pairs);
    }),
  };
}
