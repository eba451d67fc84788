// The moves the side to act may make now (see index.ts for each): set-up placements, a unit's move to each area it may reach and the end of movement, or the
// answers to a question the effects ask.
import { possibleAnswers } from '../core/choices.js';
import type { WarmasterRules } from './content.js';
import { destinations, moveMap } from './movement.js';
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
      const map = moveMap(rules, state);
      for (const unit of state.core.units) for (const to of destinations(rules, state, unit, map)) out.push({ kind: 'move', unit: unit.id, to });
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

/**
 * Whether `move` is one of listMoves(rules, state). A unit's move is checked against that unit's
 * destinations alone, not every unit's: play checks every move it is given, and a search bot's
 * playouts play thousands a decision.
 */
export function isLegalMove(rules: WarmasterRules, state: WarmasterState, move: WarmasterMove): boolean {
  if (move.kind === 'move' && state.result === null && state.pending === null && state.stage === 'move') {
    const unit = state.core.units.find((u) => u.id === move.unit);
    return unit !== undefined && Object.keys(move).length === 3 && typeof move.to === 'string' && destinations(rules, state, unit).includes(move.to);
  }
  return listMoves(rules, state).some((m) => sameMove(m, move));
}

/** Whether two moves are the same (field by field, in any order; arrays by value). */
function sameMove(a: WarmasterMove, b: WarmasterMove): boolean {
  return sameValue(a, b);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  const keys = Object.keys(a);
  if (Object.keys(b).length !== keys.length) return false;
  for (const k of keys) if (!Object.hasOwn(b, k) || !sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}
