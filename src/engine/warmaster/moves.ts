// The moves the side to act may make now (see index.ts for each): set-up placements, a unit's move to each area it may reach and the end of movement, or the
// answers to a question the effects ask.
import { possibleAnswers } from '../core/choices.js';
import type { WarmasterRules } from './content.js';
import { destinations } from './movement.js';
import type { WarmasterMove, WarmasterState } from './state.js';

export function listMoves(rules: WarmasterRules, state: WarmasterState): WarmasterMove[] {
  if (state.result !== null) return [];
  if (state.pending !== null) return possibleAnswers(state.pending.request).map((ids) => ({ kind: 'choose', ids }));
  switch (state.stage) {
    case 'place': {
      const piece = state.unplaced[0];
      return piece === undefined ? [] : rules.setup!.zones.map((area) => ({ kind: 'place', piece, area }));
    }
    case 'move': {
      const out: WarmasterMove[] = [];
      for (const unit of state.core.units) for (const to of destinations(rules, state, unit)) out.push({ kind: 'move', unit: unit.id, to });
      out.push({ kind: 'end-movement' });
      return out;
    }
    case 'reveal-at-will':
      return [...revealableAtWill(rules, state).map((piece): WarmasterMove => ({ kind: 'reveal', piece })), { kind: 'keep-hidden' }];
    case 'reroll':
      return [
        { kind: 'reroll', use: true },
        { kind: 'reroll', use: false },
      ];
    default:
      return [];
  }
}

/**
 * The face-down pieces on the ship that the side whose turn starts may turn face up now (Horus):
 * its own, of a record a rule lets it reveal at will (content.ts `revealAtWill`). A view that does
 * not know what a piece is offers none.
 */
export function revealableAtWill(rules: WarmasterRules, state: WarmasterState): string[] {
  if (rules.revealAtWill.length === 0) return [];
  const side = rules.phases.find((p) => p.id === state.phase)?.side;
  return state.core.units
    .filter((u) => !u.destroyed && u.location !== null && u.side === side && rules.revealAtWill.some((r) => r.record === state.identities[u.id]))
    .map((u) => u.id);
}

/** Whether two moves are the same (field by field, arrays by value). */
export function sameMove(a: WarmasterMove, b: WarmasterMove): boolean {
  return JSON.stringify(a) === JSON.stringify(normalised(b, a));
}

/** `b` with its fields in `a`'s order, so equal moves written in another order compare equal. */
function normalised(b: WarmasterMove, a: WarmasterMove): unknown {
  const keys = Object.keys(a);
  if (Object.keys(b).length !== keys.length) return b;
  return Object.fromEntries(keys.map((k) => [k, (b as unknown as Record<string, unknown>)[k]]));
}
