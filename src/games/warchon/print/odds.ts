// warchon-odds: an exact-odds sheet per selected spread, from `warchonOdds` (src/analysis/odds.ts):
// for each Combat Results Table column a stacked bar of its result probabilities (the attacker's
// worst at the bottom, his best at the top; the Random Event share apart above), the exact fractions
// and percentages, the expected Hits per side, the attacker's edge and the "worse for the attacker
// than the column to its left" flag. Values that rest on layer entries carry their marks.
import { warchonOdds, type Outcome, type WarchonSpreadOdds } from '../../../analysis/odds.js';
import type { Fraction } from '../../../analysis/fraction.js';
import type { CombatResult } from '../../../engine/warchon/results.js';
import { MarkBook } from '../../../render/marks.js';
import type { Face } from '../../../render/printable.js';
import type { NamedContext } from '../../../render/contexts/context.js';
import { attackerGain, resultClass, resultLegend, tablesOf, warchonView, type OriginsOf, type WarchonView } from './shared.js';

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
export function oddsFace(view: WarchonView, odds: WarchonSpreadOdds, spreadOrigins: OriginsOf, version: string, pairs: number): Face {
  const book = new MarkBook();
  const id = odds.spread;
  const results = Object.values(view.results);
  // Every entry the odds rest on gets its footnote, in the order the chart shows them.
  const columns = odds.columns.map((c) => {
    const gain = (o: Outcome<CombatResult>) => (o.result ? attackerGain(o.result, odds.eliminationHits) : 0);
    const resultsOnly = c.outcomes.filter((o) => o.kind === 'result').sort((a, b) => gain(a) - gain(b) || a.key.localeCompare(b.key));
    const unknown = c.outcomes.filter((o) => o.kind === 'unknown');
    const event = c.outcomes.find((o) => o.kind === 'event') ?? null;
    // Bars stack from the bottom: the attacker's worst first.
    const stack = [...resultsOnly, ...unknown].map((o) => outcomeContext(o, id, book, spreadOrigins));
    const ev = event ? outcomeContext(event, id, book, spreadOrigins) : null;
    const share = (f: Fraction | null) =>
      f === null ? null : { fraction: frac(f), decimal: dec(f), width: ((f.toNumber() / odds.eliminationHits) * 100).toFixed(1) };
    return {
      label: c.label,
      stackTopDown: [...stack].reverse(),
      listed: [...stack].reverse().concat(ev ? [ev] : []),
      event: ev,
      total: { fraction: frac(c.total), percent: pct(c.total) },
      attackerHits: share(c.attackerHits),
      defenderHits: share(c.defenderHits),
      edge:
        c.edge === null
          ? null
          : { fraction: (c.edge.num > 0n ? '+' : '') + frac(c.edge), decimal: dec(c.edge), positive: c.edge.num > 0n, negative: c.edge.num < 0n },
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
      /** Expected Hits or an edge that rests on a cell nobody knows prints as ?, and the legend says so. */
      unknown: columns.some((c) => c.attackerHits === null || c.defenderHits === null || c.edge === null),
      layerEntries: odds.layers.map((p) => p.entry),
      legend: resultLegend(results),
      eliminationCodes: results.filter((r) => r.attacker === 'eliminated' || r.defender === 'eliminated').map((r) => r.code),
      noHitCodes: results.filter((r) => r.attacker === 'none' && r.defender === 'none').map((r) => r.code),
      version,
    },
    marks,
    footnotes,
    copies: 1,
    label: `odds ${id}`,
  };
}

export const oddsSheet: NamedContext = {
  name: 'warchon-odds',
  description:
    'One sheet of exact combat odds per selected spread: for each Combat Results Table column a stacked bar of every result\u2019s probability (the attacker\u2019s worst at the bottom, the Random Event share apart on top), the exact fractions and percentages, the expected Hits per side, the attacker\u2019s edge and a flag where a column is worse for the attacker than the one to its left. An elimination counts as one Hit more than the largest Hits result on any of the pack\u2019s spreads; values resting on layer entries are marked.',
  kinds: ['spread'],
  build(input) {
    const view = warchonView(input.content);
    const tables = tablesOf(view);
    const all = [...tables.spreads.values()];
    const chosen = input.records.map((r) => {
      const t = tables.spreads.get(r.id);
      if (!t) throw new RangeError(`${input.content.pack.id}: no spread "${r.id}" for the odds`);
      return { r, t };
    });
    const odds = warchonOdds(
      chosen.map((c) => c.t),
      all,
    );
    const faces = odds.map((o, i) => {
      const { r, t } = chosen[i]!;
      const pairs = t.rng.reduce((n, row) => n + row.length, 0);
      return { ...oddsFace(view, o, r.origins, input.playmarkVersion, pairs), copies: r.copies };
    });
    return { faces };
  },
};
