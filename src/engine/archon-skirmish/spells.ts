// The spell cards (SPELL CARDS): who may cast them (only while the side's spellcaster is in play),
// their legal targets, and what they do. The targets are procedure: each spell's kind, side, range
// and range's origin are read from its spell record (spells/*.yaml) and its card. What a spell does
// is its record's effects, which the core's effect interpreter applies (castSpell, core-units.ts).
import { lineOfSight } from './board.js';
import type { ArchonRules, CardInfo, SpellInfo } from './content.js';
import { castEffects } from './core-units.js';
import type { ArchonEvent, ArchonMove, ArchonState, CreatureState, Draft } from './state.js';

/** True when the creature is on the board (placed and not killed). */
export function inPlay(c: CreatureState): boolean {
  return c.square >= 0;
}

/** The living creature that lets `side` cast spells (rules `spell-cards` spellcasters), or null. */
export function casterOf(rules: ArchonRules, state: ArchonState, side: string): CreatureState | null {
  const creature = rules.casters[side];
  if (creature === undefined) return null;
  for (let c_i = 0, c_a = state.creatures; c_i < c_a.length; c_i++) {
    const c = c_a[c_i]!;
    if (c.creature === creature && c.side === side && c.square >= 0) return c;
  }
  return null;
}

/** True when `side` may play spell card `card` now (its spellcaster is in play). */
export function mayCast(rules: ArchonRules, state: ArchonState, side: string, card: CardInfo): boolean {
  return card.spell !== null && casterOf(rules, state, side) !== null;
}

/** Every legal `cast` of spell card `card` by `side` (the spellcaster is in play). */
export function castMoves(rules: ArchonRules, state: ArchonState, side: string, card: CardInfo, out: ArchonMove[]): void {
  const spell = rules.spells[card.spell!]!;
  const board = rules.board;
  const friendly = spell.side === 'friendly';
  const interned = rules.interned;
  const all = state.creatures;
  // The targets: creatures on the board of the side the spell is cast on, by index in state order.
  const targets: number[] = [];
  for (let i = 0; i < all.length; i++) {
    const c = all[i]!;
    if (c.square >= 0 && (c.side === side) === friendly) targets.push(i);
  }
  switch (spell.kind) {
    case 'swap-positions': {
      // Exchange: two friendly creatures; an imprisoned one "cannot move" (ruling imprison-range-from-caster).
      const free: number[] = [];
      for (let k = 0; k < targets.length; k++) if (all[targets[k]!]!.imprisoned === 0 || !rules.imprisonment.move) free.push(targets[k]!);
      for (let a = 0; a < free.length; a++) for (let b = a + 1; b < free.length; b++) out.push(interned.castPair(card, free[a]!, free[b]!));
      return;
    }
    case 'teleport': {
      // Teleport: up to its range along a line, over other creatures, to an empty square (ruling teleport-not-limited-by-move).
      const range = spell.range ?? 0;
      for (let k = 0; k < targets.length; k++) {
        const i = targets[k]!;
        const c = all[i]!;
        if (c.imprisoned > 0 && rules.imprisonment.move) continue;
        for (let si = 0, stepList = rules.moveSteps; si < stepList.length; si++) {
          const ray = board.rays[c.square]![stepList[si]!]!;
          for (let d = 0; d < range && d < ray.length; d++) if (state.squares[ray[d]!] === -1) out.push(interned.castTo(card, i, ray[d]!));
        }
      }
      return;
    }
    case 'prevent-actions': {
      // Imprison: an enemy within the card's range of the caster, on a line, in line of sight.
      const caster = casterOf(rules, state, side);
      if (!caster) return;
      for (let k = 0; k < targets.length; k++) {
        const i = targets[k]!;
        if (inRangeOfCaster(rules, state, caster, all[i]!.square, spell)) out.push(interned.castOn(card, i));
      }
      return;
    }
    case 'heal': {
      // Heal: "gain back one lost Hit": only a creature that has lost one.
      for (let k = 0; k < targets.length; k++) {
        const i = targets[k]!;
        const c = all[i]!;
        if (c.hits < rules.creatures[c.creature]!.hits) out.push(interned.castOn(card, i));
      }
      return;
    }
  }
}

function inRangeOfCaster(rules: ArchonRules, state: ArchonState, caster: CreatureState, square: number, spell: SpellInfo): boolean {
  const range = spell.range ?? 0;
  for (let si = 0, stepList = rules.battleSteps; si < stepList.length; si++) {
    const step = stepList[si]!;
    const d = rules.board.rays[caster.square]![step]!.indexOf(square);
    if (d >= 0) return d + 1 <= range && lineOfSight(rules.board, state.squares, caster.square, step, d + 1, rules.battle.lineOfSight);
  }
  return false;
}

/**
 * Applies a legal `cast` move (its card already played) to the draft: the spell's effects, as its
 * record states them, through the core's effect interpreter (core-units.ts), on the creatures the
 * move chose.
 */
export function castSpell(rules: ArchonRules, state: Draft, move: Extract<ArchonMove, { kind: 'cast' }>, events: ArchonEvent[]): void {
  const spell = rules.spells[rules.cardById.get(move.card)!.spell!]!;
  castEffects(rules, state, spell.effects, move, rules.keys.spell[spell.id]!, events);
}
