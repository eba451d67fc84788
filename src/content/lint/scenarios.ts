import { didYouMean } from '../suggest.js';
import type { EffectiveRecord } from '../model.js';
import { asArray, get, type LintCheck, type LintContext } from './context.js';

const UNIT_KINDS = ['unit', 'special-unit', 'creature', 'card'];

/**
 * scenario/side: sides exist and armies hold their own side's units; scenario/budget: an army
 * fits its points; scenario/distinct: one copy at most of a Distinct unit; scenario/cup: a set-up
 * draw from the cup has a cup of the side's to draw from, holding enough pieces.
 */
export const scenarios: LintCheck = (ctx) => {
  const sides = ctx.manifest.sides.map((s) => s.id);
  for (const scenario of ctx.ofKind('scenario')) {
    const named = new Set<string>();
    asArray(scenario.data.sides).forEach((entry, i) => {
      const side = get(entry, 'side');
      if (typeof side !== 'string') return;
      named.add(side);
      if (!sides.includes(side)) {
        ctx.at(
          'scenario/side',
          scenario,
          ['sides', i, 'side'],
          `No side has the id "${side}"; the manifest's sides are ${sides.join(', ')}.`,
          didYouMean(side, sides),
        );
      }
      let points = 0;
      let priced = true;
      asArray(get(entry, 'army', 'units')).forEach((item, j) => {
        const id = get(item, 'unit');
        const count = Number(get(item, 'count') ?? 1);
        if (typeof id !== 'string') return;
        const unit = ctx.find(UNIT_KINDS, id);
        if (!unit) return; // ref/missing reports it
        const unitSide = unit.data.side;
        if (typeof unitSide === 'string' && unitSide !== side) {
          ctx.at('scenario/side', scenario, ['sides', i, 'army', 'units', j, 'unit'], `${id} belongs to the ${unitSide} side, not ${side}.`);
        }
        const cost = unit.data.points;
        if (typeof cost === 'number') points += cost * count;
        else priced = false;
        const descriptors = asArray(unit.data.descriptors).map((d) => String(d).toLowerCase());
        if (count > 1 && descriptors.includes('distinct') && get(entry, 'army', 'budget', 'distinctOnce') !== false) {
          ctx.at('scenario/distinct', scenario, ['sides', i, 'army', 'units', j, 'count'], `${id} is Distinct, so an army may hold one copy, not ${count}.`);
        }
      });
      const drawn = get(entry, 'setup', 'drawnFromCup');
      if (typeof drawn === 'number') cupCheck(ctx, scenario, i, side, drawn);
      const budget = get(entry, 'army', 'budget', 'points');
      if (typeof budget === 'number' && priced && points > budget) {
        ctx.at('scenario/budget', scenario, ['sides', i, 'army', 'budget', 'points'], `The ${side} army costs ${points} points, over its budget of ${budget}.`);
      }
    });
    const first = scenario.data.first;
    if (typeof first === 'string' && !named.has(first)) {
      ctx.at('scenario/side', scenario, ['first'], `"${first}" moves first, but it is not one of this scenario's sides (${[...named].join(', ')}).`);
    }
  }
};

/** The pieces a side's cup holds (a phase of the side with a `cup`, as a reinforcements phase has), or null when it has none. */
function cupOf(ctx: LintContext, side: string): { phase: string; pieces: number } | null {
  for (const phase of ctx.ofKind('phase')) {
    if (phase.data.side !== side || !Array.isArray(phase.data.cup)) continue;
    const pieces = asArray(phase.data.cup).reduce((n: number, item) => n + Number(get(item, 'count') ?? 0), 0);
    return { phase: phase.id, pieces };
  }
  return null;
}

function cupCheck(ctx: LintContext, scenario: EffectiveRecord, i: number, side: string, drawn: number): void {
  const at = ['sides', i, 'setup', 'drawnFromCup'];
  const cup = cupOf(ctx, side);
  if (cup === null) ctx.at('scenario/cup', scenario, at, `The ${side} side draws ${drawn} from its cup at set-up, but no phase of the ${side} side has a cup.`);
  else if (drawn > cup.pieces)
    ctx.at('scenario/cup', scenario, at, `The ${side} side draws ${drawn} from its cup at set-up, but the cup (phase ${cup.phase}) holds ${cup.pieces}.`);
}
