// The battle phases: "Any combat is resolved that has been brought about by the movement of the
// [side's] troops into enemy held areas" (or teleporting in: ruling standard-stacking), in the
// order the phase's `battleOrder` gives (ruling standard-battles: area number, lowest first).
// Face-down pieces are revealed as enemy units arrive beside them (ruling
// standard-face-down-pieces: the same `reveal` stage, with `revealing` set; a card's effects apply
// as it is revealed, reveal in jobs.ts); any left face down at a battle are revealed first. If both sides still have pieces there, the battle: battle-starts, then each round
// battle-round-starts and before-result (the accident rolls), the odds of the attackers' total
// attack to the defenders' total defence (ruling combat-odds-rule) give the column, a D6 the row;
// the result's effects (AA, AR, BB, DR, DA: their records); units that must retreat and cannot are
// eliminated; result-applied; a Blood bath fights another round between the survivors.
import { endBattle, hasReroll, spendReroll, startBattle } from '../core/battle.js';
import { expire } from '../core/expire.js';
import type { GameEvent } from '../core/game.js';
import { rollD6 } from '../core/dice.js';
import { fightsFor, type CoreState, coreWith, battleWith, updateUnits, unitWith, withoutLog } from '../core/state.js';
import { effectiveStat } from '../core/stats.js';
import { WarmasterContentError, type WarmasterRules } from './content.js';
import { logEvents } from './jobs.js';
import { resolveWarmasterCombat } from './tables.js';
import { piecesAt, runJob, setCore, turnFaceUp, type Next } from './steps.js';
import type { Draft } from './state.js';

function other(rules: WarmasterRules, side: string): string {
  return rules.sides[0] === side ? rules.sides[1] : rules.sides[0];
}

/** Whether both sides have a face-up piece at the area: a battle can be fought there. */
function fighting(s: Draft, rules: WarmasterRules, area: string): boolean {
  return rules.sides.every((side) => piecesAt(s.core, area, side).some((id) => s.identities[id] === undefined));
}

/** A side's total of one value at the area (attack `as`, defence `ds`), over its face-up pieces; a card prints none where it has no value ("no attack value"). */
export function total(rules: WarmasterRules, core: CoreState, area: string, side: string, stat: 'as' | 'ds'): number {
  let sum = 0;
  for (const u of core.units) {
    if (u.destroyed || u.location !== area || fightsFor(u) !== side || u.record === null) continue;
    const value = effectiveStat(u, stat);
    if (value === null && rules.pieces[u.record]?.kind !== 'card')
      throw new WarmasterContentError(
        `${u.record} has no ${stat === 'as' ? 'attack' : 'defence'} value (the rule text leaves it open; a layer entry must set it).`,
      );
    sum += value ?? 0;
  }
  return Math.max(0, Math.floor(sum));
}

/** `battle-next`: the next area to fight in, or the phase's end. */
export function battleNext(rules: WarmasterRules, s: Draft): Next {
  const area = s.battles[0];
  if (area === undefined) s.stage = 'phase-end';
  else if (rules.sides.every((side) => piecesAt(s.core, area, side).length > 0)) s.stage = 'reveal';
  else s.battles = s.battles.slice(1);
  return 'go';
}

/**
 * `reveal`: the next face-down piece at the area turned face up (the area a unit just arrived in
 * beside the enemy, `revealing`, or else the battle's); a card's effects, or `unit-revealed`, follow.
 * The reveal is the phase's side's doing (an Imperial unit arriving, or attacking), so the event is
 * its side's: Horus's retreat hears an enemy's reveal, not his own side's.
 */
export function reveal(rules: WarmasterRules, s: Draft, events: GameEvent[]): Next {
  const area = s.revealing ?? s.battles[0]!;
  const piece = s.core.units.find((u) => !u.destroyed && u.location === area && s.identities[u.id] !== undefined);
  if (piece === undefined) {
    if (s.revealing !== null) {
      // A unit a rule made retreat off the ship's map (none open) is eliminated now, as in a battle (ruling standard-retreat).
      eliminateStuck(s, events);
      s.revealing = null;
      s.stage = rules.phases.find((p) => p.id === s.phase)!.step === 'movement' ? 'move' : 'teleport-done';
    } else s.stage = 'battle-start';
    return 'go';
  }
  const record = turnFaceUp(s, rules, piece.id);
  events.push({ type: 'reveal', piece: piece.id, record, area, side: piece.side });
  if (rules.pieces[record]!.kind === 'card') return runJob(s, rules, { kind: 'reveal', piece: piece.id, area }, 'reveal', events);
  return runJob(s, rules, { kind: 'fire', event: { event: 'unit-revealed', location: area, side: s.active!, units: [piece.id] } }, 'reveal', events);
}

/** Units that had to retreat and had nowhere to go are eliminated ("a unit with nowhere to go is destroyed": ruling standard-retreat). */
function eliminateStuck(s: Draft, events: GameEvent[]): void {
  const stuck = s.core.units.filter((u) => !u.destroyed && u.retreat !== null);
  if (stuck.length === 0) return;
  const rule = stuck[0]!.retreat!.source;
  setCore(
    s,
    updateUnits(
      s.core,
      stuck.map((u) => u.id),
      (u) => unitWith(u, { destroyed: true, retreat: null }),
    ),
  );
  events.push({ type: 'effect', effect: 'eliminated', rule, units: stuck.map((u) => u.id), text: 'No area to retreat to: eliminated.' });
}

/** `battle-start`: the battle begins (the phase's side attacks), or, with a side gone, none is fought. */
export function battleStart(rules: WarmasterRules, s: Draft, events: GameEvent[]): Next {
  const area = s.battles[0]!;
  if (!fighting(s, rules, area)) {
    s.stage = 'battle-done';
    return 'go';
  }
  const attacker = s.active!;
  const defender = other(rules, attacker);
  setCore(s, startBattle(s.core, { location: area, attacker, defender }));
  s.combat = null;
  events.push({ type: 'battle', area, attacker, defender, turn: s.turn });
  return runJob(
    s,
    rules,
    { kind: 'fire', event: { event: 'battle-starts', location: area, side: attacker, units: battling(s.core, area) } },
    'round-start',
    events,
  );
}

function battling(core: CoreState, area: string): string[] {
  return core.units.filter((u) => !u.destroyed && u.location === area).map((u) => u.id);
}

/** `round-start` and `before-result`: the round's announcements. */
export function announceRound(rules: WarmasterRules, s: Draft, events: GameEvent[], event: 'battle-round-starts' | 'before-result'): Next {
  const area = s.battles[0]!;
  const then = event === 'battle-round-starts' ? 'before-result' : 'roll';
  return runJob(s, rules, { kind: 'fire', event: { event, location: area, side: s.core.battle!.attacker, units: battling(s.core, area) } }, then, events);
}

/**
 * `roll`: attack against defence on the combat table, a D6 for the row. A side with no strength
 * left to add (every unit of it without value, Crew alone attacking) cannot fight: an attack of 0
 * is annihilated, a defence of 0 likewise (ruling standard-zero-totals), with no roll.
 */
export function roll(rules: WarmasterRules, s: Draft, events: GameEvent[]): Next {
  const area = s.battles[0]!;
  if (!fighting(s, rules, area)) {
    s.stage = 'battle-end';
    return 'go';
  }
  const b = s.core.battle!;
  const attack = total(rules, s.core, area, b.attacker, 'as');
  const defence = total(rules, s.core, area, b.defender, 'ds');
  if (attack < 1 || defence < 1) {
    const code = attack < 1 ? 'AA' : 'DA';
    events.push({ type: 'result', rule: rules.keys.combat, area, round: b.round, attack, defence, result: code, roll: null, reroll: false });
    s.combat = code;
    s.stage = 'result';
    return 'go';
  }
  s.combat = lookUp(rules, s, area, attack, defence, false, events);
  s.asked = [];
  s.stage = 'reroll';
  return 'go';
}

/** A D6 on the combat table at these totals: the result's code, logged. */
function lookUp(rules: WarmasterRules, s: Draft, area: string, attack: number, defence: number, reroll: boolean, events: GameEvent[]): string {
  const d6 = rollD6(s.core.random);
  setCore(s, coreWith(s.core, { random: d6.random }));
  const found = resolveWarmasterCombat(rules.combat, { attack, defence, roll: d6.value });
  events.push({
    type: 'result',
    rule: rules.keys.combat,
    area,
    round: s.core.battle!.round,
    attack,
    defence,
    odds: [...found.odds],
    column: found.column.label,
    roll: d6.value,
    result: found.result.code,
    reroll,
  });
  return found.result.code;
}

/** The side that may re-roll the combat roll now: one holding an unused re-roll (a character's), not yet asked this roll, the attacker first. */
export function rerollSide(s: Draft | { readonly core: CoreState; readonly asked: readonly string[] }): string | null {
  const b = s.core.battle!;
  for (const side of [b.attacker, b.defender]) if (!s.asked.includes(side) && hasReroll(s.core, side)) return side;
  return null;
}

/** `reroll`: a side holding a re-roll decides (a move); with none, the result applies. */
export function rerollStage(s: Draft): Next {
  const side = rerollSide(s);
  if (side === null) {
    s.stage = 'result';
    return 'go';
  }
  s.active = side;
  return 'stop';
}

/**
 * A side's answer: with `use`, its re-roll is spent and the D6 rolled again, and "He will have to
 * accept the result of this new distance of dice" (once per side and roll: ruling
 * combat-one-reroll-per-side).
 */
export function decideReroll(rules: WarmasterRules, s: Draft, use: boolean, events: GameEvent[]): void {
  const side = rerollSide(s)!;
  s.asked = [...s.asked, side];
  if (!use) return;
  const b = s.core.battle!;
  const area = s.battles[0]!;
  const source = b.rerolls.find((r) => r.side === side && !r.used)!.source;
  setCore(s, spendReroll(s.core, side));
  events.push({ type: 'effect', effect: 'reroll', rule: source, side, result: s.combat });
  s.combat = lookUp(rules, s, area, total(rules, s.core, area, b.attacker, 'as'), total(rules, s.core, area, b.defender, 'ds'), true, events);
}

/** `result`: the result record's effects. */
export function applyResult(rules: WarmasterRules, s: Draft, events: GameEvent[]): Next {
  const code = s.combat!;
  if (rules.results[code] === undefined) throw new WarmasterContentError(`No combat-result record has the code ${code}.`);
  return runJob(s, rules, { kind: 'result', code }, 'retreats', events);
}

/** `retreats`: units that had to retreat and had nowhere to go are eliminated ("eliminated when it cannot": ruling retreat-area). */
export function retreats(rules: WarmasterRules, s: Draft, events: GameEvent[]): Next {
  const stuck = s.core.units.filter((u) => !u.destroyed && u.retreat !== null).map((u) => u.id);
  if (stuck.length > 0) {
    setCore(
      s,
      updateUnits(s.core, stuck, (u) => unitWith(u, { destroyed: true, retreat: null })),
    );
    events.push({ type: 'effect', effect: 'eliminated', rule: rules.results[s.combat!]!.key, units: stuck, text: 'No area to retreat to: eliminated.' });
  }
  const area = s.battles[0]!;
  const b = s.core.battle!;
  return runJob(
    s,
    rules,
    { kind: 'fire', event: { event: 'result-applied', location: area, side: b.attacker, units: battling(s.core, area), result: s.combat } },
    'after-result',
    events,
  );
}

/** `after-result`: a Blood bath fights another round between the survivors; otherwise the battle ends. */
export function afterResult(rules: WarmasterRules, s: Draft, events: GameEvent[]): Next {
  const area = s.battles[0]!;
  const again = rules.combat.results.find((r) => r.code === s.combat)?.battleAgain === true;
  if (again && fighting(s, rules, area)) {
    // The round's effects end (Crew Ambush!'s doubling); re-rolls may be used again (Blood bath).
    const ended = expire(withoutLog(s.core), 'battle-round');
    events.push(...logEvents(ended.log));
    const b = ended.state.battle!;
    setCore(s, coreWith(withoutLog(ended.state), { battle: battleWith(b, { round: b.round + 1, rerolls: [] }) }));
    events.push({ type: 'round', area, round: b.round + 1 });
    s.stage = 'round-start';
    return 'go';
  }
  s.stage = 'battle-end';
  return 'go';
}

/** `battle-end`: battle-ends announced, then the battle's effects end. */
export function battleEnd(rules: WarmasterRules, s: Draft, events: GameEvent[]): Next {
  const area = s.battles[0]!;
  return runJob(s, rules, { kind: 'fire', event: { event: 'battle-ends', location: area, side: s.core.battle!.attacker } }, 'battle-done', events);
}

/** `battle-done`: the next area. */
export function battleDone(s: Draft): Next {
  if (s.core.battle !== null) setCore(s, withoutLog(endBattle(s.core).state));
  s.combat = null;
  s.battles = s.battles.slice(1);
  s.stage = 'battle-next';
  return 'go';
}
