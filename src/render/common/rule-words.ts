// A rule's `when`/`if`/`do` data in players' words, for sheets that print what the engine plays
// rather than a description kept beside it (so a changed range or trigger changes the sheet). The
// words name sides, phases and places by the names the pack gives (never ids); a rule with an
// effect this file cannot word (a `manual` note, a kind not listed here) gets none, and the sheet
// prints only its text.
import type { Condition, Rule, Trigger, UnitFilter } from '../../../generated/types/common/defs.js';
import type { Effect } from '../../../generated/types/common/effect.js';
import type { DeepReadonly } from '../../../generated/types/readonly.js';

type Eff = DeepReadonly<Effect>;

/** The names a rule's words use, from the pack. */
export interface RuleNames {
  /** The pack's side ids, in order (the inactive side is the other one). */
  readonly sides: readonly string[];
  /** A side's printed name (`Imperial`). */
  sideName(id: string): string;
  /** A phase's printed name and the side whose phase it is, when it has one. */
  phase(id: string): { readonly name: string; readonly side: string | null } | undefined;
  /** A place's printed name (`The Reactors`). */
  placeName(id: string): string;
  /** The word for a place on this game's map: `area`, `hex`. */
  readonly place: string;
  /** The name of the rule's own place, for a sheet that is not about it (`this area` when none). */
  readonly here?: string;
}

/** One row of a roll's table: the results and what they do. */
export interface RollRow {
  readonly range: string;
  readonly text: string;
  /** The pointer of the outcome in the rule's record (`/rules/0/do/0/outcomes/1`). */
  readonly pointer: string;
}

/** A rule in words: one sentence, and the table of a roll with `tableFrom` outcomes or more (the sentence points to it). */
export interface RuleWords {
  readonly text: string;
  readonly table: { readonly die: string; readonly rows: readonly RollRow[] } | null;
}

/** Where the effects' `here` is: the rule's own place, or one `at-place` selected. */
interface Scope {
  readonly place: string;
  readonly units: string;
}

interface Words {
  readonly names: RuleNames;
  /** The side `active` names, when the trigger's phase says it. */
  readonly active: string | null;
  readonly tableFrom: number;
  table: RuleWords['table'];
}

class Unworded extends Error {}

/** A die as rules print it: `d6` -> `D6`. */
export function dieWords(die: string): string {
  return die === 'rng' ? 'the random number' : die.toUpperCase();
}

/** Results of a roll: `1`, `11–13`, `3 or less`; in a sentence two results read `1 or 2`. */
export function rangeWords(range: { readonly min: number | null; readonly max: number | null }, inSentence = false): string {
  const { min, max } = range;
  if (min !== null && max !== null) return min === max ? String(min) : inSentence && max === min + 1 ? `${min} or ${max}` : `${min}\u2013${max}`;
  if (min === null && max !== null) return `${max} or less`;
  if (min !== null && max === null) return `${min} or more`;
  return 'any result';
}

/**
 * The rule in players' words, or null when one of its effects has none (a `manual` note). `pointer`
 * is the rule's pointer in its record, for the rows of a roll's table.
 */
export function ruleWords(rule: DeepReadonly<Rule>, names: RuleNames, pointer: string, tableFrom = 3): RuleWords | null {
  const phase = rule.when?.phase ? names.phase(rule.when.phase) : undefined;
  const w: Words = { names, active: phase?.side ?? null, tableFrom, table: null };
  const here: Scope = names.here ? { place: names.here, units: `in ${names.here}` } : { place: `this ${names.place}`, units: 'here' };
  try {
    const lead = [rule.when ? triggerWords(rule.when, w) : null, rule.if ? `if ${conditionWords(rule.if, w, here)}` : null].filter((x) => x !== null);
    const head = lead.length === 0 ? 'Always' : capital(lead.join(', '));
    const text = `${head}: ${effectsWords(rule.do, w, here, `${pointer}/do`)}.`;
    return { text, table: w.table };
  } catch (e) {
    if (e instanceof Unworded) return null;
    throw e;
  }
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** A side a rule names, as a player's adjective (`Imperial`), or null when the rule alone does not say. */
function sideAdjective(side: string, w: Words): string | null {
  const { sides, sideName } = w.names;
  if (sides.includes(side)) return sideName(side);
  if (side === 'active' && w.active) return sideName(w.active);
  if (side === 'inactive' && w.active) {
    const other = sides.find((s) => s !== w.active);
    return other ? sideName(other) : null;
  }
  return null;
}

/** Who a chooser is: `the Imperial player`. */
function playerWords(by: string, w: Words): string {
  const side = sideAdjective(by, w);
  if (side) return `the ${side} player`;
  if (by === 'active') return 'the active player';
  if (by === 'inactive') return "the active player's opponent";
  if (by === 'opponent') return 'the opponent';
  if (by === 'random') return 'chance';
  return 'its owner';
}

function triggerWords(t: DeepReadonly<Trigger>, w: Words): string {
  const p = w.names.place;
  const here = t.where === 'here';
  const phase = t.phase ? (w.names.phase(t.phase)?.name ?? null) : null;
  const whose = t.whose ? sideAdjective(t.whose, w) : null;
  switch (t.event) {
    case 'turn-starts':
      return whose ? `at the start of the ${whose} player's turn` : "at the start of each player's turn";
    case 'turn-ends':
      return whose ? `at the end of the ${whose} player's turn` : "at the end of each player's turn";
    case 'phase-starts':
      return phase ? `at the start of the ${phase}` : 'at the start of each phase';
    case 'phase-ends':
      return phase ? `at the end of the ${phase}` : 'at the end of each phase';
    case 'battle-starts':
      return here ? `when a battle starts in this ${p}` : 'when a battle starts';
    case 'battle-round-starts':
      return here ? `when a battle round starts in this ${p}` : 'when a battle round starts';
    case 'before-result':
      return here ? `when a battle is fought in this ${p}, before its result` : 'when a battle is fought, before its result';
    case 'result-applied':
      return here ? `when a battle in this ${p} has its result` : 'when a battle has its result';
    case 'battle-ends':
      return here ? `when a battle in this ${p} ends` : 'when a battle ends';
    case 'unit-enters':
      return here ? `when a unit enters this ${p}` : 'when a unit enters a place';
    case 'unit-leaves':
      return here ? `when a unit leaves this ${p}` : 'when a unit leaves a place';
    case 'place-destroyed':
      return here ? `when this ${p} is destroyed` : `when ${article(p)} ${p} is destroyed`;
    case 'unit-destroyed':
      return here ? `when a unit in this ${p} is destroyed` : 'when a unit is destroyed';
    case 'unit-revealed':
      return here ? `when a unit in this ${p} is revealed` : 'when a unit is revealed';
    default:
      throw new Unworded();
  }
}

/** Pieces a filter selects, as a noun phrase with its article: `an Imperial piece`. */
function piecesWords(f: DeepReadonly<UnitFilter>, w: Words): string {
  if (f.binding || f.units || f.hasTrait || f.lacksTrait || f.stat || f.extreme || f.choose || f.exceptUnits || f.exceptBinding) throw new Unworded();
  if (!f.side || f.side === 'any') return 'a piece';
  const side = sideAdjective(f.side, w);
  if (side) return `${article(side)} ${side} piece`;
  if (f.side === 'active') return "a piece of the active player's";
  if (f.side === 'inactive') return "a piece of the active player's opponent";
  throw new Unworded();
}

function conditionWords(c: DeepReadonly<Condition>, w: Words, here: Scope): string {
  const parts: string[] = [];
  if (c.place) {
    const { hasTrait, destroyed, controlled, controlledBy } = c.place;
    if (hasTrait) throw new Unworded();
    const is: string[] = [];
    if (destroyed !== undefined) is.push(`${destroyed ? '' : 'not '}destroyed`);
    if (controlled !== undefined) is.push(controlled ? 'controlled by a side' : 'controlled by nobody');
    if (controlledBy !== undefined) is.push(`controlled by ${sidesWords(controlledBy, w, here)}`);
    if (is.length > 0) parts.push(`${here.place} is ${joinAnd(is)}`);
  }
  if (c.present) parts.push(`${piecesWords(c.present, w)} is ${here.units}`);
  if (c.not) {
    if (c.not.present && Object.keys(c.not).length === 1) parts.push(`${piecesWords(c.not.present, w).replace(/^an? /, 'no ')} is ${here.units}`);
    else if (c.not.place?.destroyed !== undefined && Object.keys(c.not).length === 1)
      parts.push(`${here.place} is ${c.not.place.destroyed ? 'not ' : ''}destroyed`);
    else throw new Unworded();
  }
  if (c.all) parts.push(joinAnd(c.all.map((x) => conditionWords(x, w, here))));
  if (c.any) parts.push(c.any.map((x) => conditionWords(x, w, here)).join(' or '));
  if (c.phase) parts.push(`it is the ${w.names.phase(c.phase)?.name ?? 'phase'}`);
  if (c.active) {
    const side = sideAdjective(c.active, w);
    if (!side) throw new Unworded();
    parts.push(`it is the ${side} player's turn`);
  }
  if (c.battle || c.count || c.turn) throw new Unworded();
  if (parts.length === 0) throw new Unworded();
  return joinAnd(parts);
}

function joinAnd(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** Effects in order, as commands: `destroy every unit here, and destroy this area`. */
function effectsWords(effects: readonly Eff[], w: Words, here: Scope, pointer: string): string {
  const said = effects.map((e, i) => effectWords(e, w, here, `${pointer}/${i}`)).filter((x) => x !== '');
  return said.length === 0 ? 'no effect' : said.join(', and ');
}

function effectWords(e: Eff, w: Words, here: Scope, pointer: string): string {
  switch (e.kind) {
    case 'no-effect':
      return '';
    case 'destroy':
      return `destroy ${targetWords(e.target, w, here)}`;
    case 'destroy-place':
      return `destroy ${e.place === 'here' ? here.place : w.names.placeName(e.place)}`;
    case 'may':
      return `${playerWords(e.by, w)} may ${effectsWords(e.do, w, here, `${pointer}/do`)}`;
    case 'roll':
      return rollWords(e, w, here, pointer);
    case 'control-place': {
      if (e.to === 'nobody') return `nobody controls ${here.place} any more`;
      return `${e.to === 'subject' ? "that unit's side" : 'the active player'} takes control of ${here.place}`;
    }
    case 'limit-movement': {
      // A closed place: the limit says nothing else (a closed place with other limits has no words yet).
      if (e.closed === true) {
        if (e.sides !== undefined || e.target !== undefined || e.maxUnitsLeaving !== undefined || e.maxDistance !== undefined) throw new Unworded();
        return `no unit may move or retreat into ${here.place}`;
      }
      if (e.sides === undefined || e.target !== undefined || e.maxUnitsLeaving !== undefined || e.maxDistance === undefined) throw new Unworded();
      const n = e.maxDistance;
      return `${sidesWords(e.sides, w, here)} moves its units ${n === 1 ? `one ${w.names.place}` : `up to ${n} ${w.names.place}s`} a move`;
    }
    case 'at-place': {
      const there: Scope = { place: `that ${w.names.place}`, units: 'there' };
      return `${placesWords(e.place, w)}, ${effectsWords(e.do, w, there, `${pointer}/do`)}`;
    }
    default:
      throw new Unworded();
  }
}

/** The side or sides a rule names, as the subject of a sentence: `the side controlling this area`. */
function sidesWords(side: string, w: Words, here: Scope): string {
  if (side === 'any') return 'every side';
  if (side === 'place-controller') return `the side controlling ${here.place}`;
  if (side === 'place-non-controller') return 'the other side';
  const adjective = sideAdjective(side, w);
  if (adjective) return `the ${adjective} side`;
  throw new Unworded();
}

/** The units a `destroy` selects. */
function targetWords(t: DeepReadonly<UnitFilter>, w: Words, here: Scope): string {
  if (t.binding === 'subject' && Object.keys(t).length === 1) return 'that unit';
  if (Object.keys(t).length === 0) return `every unit ${here.units}`;
  if (t.side && Object.keys(t).length === 1) {
    const side = sideAdjective(t.side, w);
    if (side) return `every ${side} unit ${here.units}`;
  }
  throw new Unworded();
}

/** The places an `at-place` selects. */
function placesWords(sel: DeepReadonly<Extract<Effect, { kind: 'at-place' }>['place']>, w: Words): string {
  const p = w.names.place;
  if ('adjacent' in sel) return `for each adjacent ${p}`;
  if ('countdown' in sel) {
    const { from, to } = sel.countdown;
    return `in the first ${p} not yet destroyed counting ${from >= to ? 'down' : 'up'} from ${from} to ${to}`;
  }
  if ('numbered' in sel) return `in the ${p} of the number rolled`;
  const except = (sel.except ?? []).map((x) => w.names.placeName(x));
  const chooser = sel.choose === 'random' ? `in ${article(p)} ${p} picked at random` : `in ${article(p)} ${p} ${playerWords(sel.choose, w)} chooses`;
  return `${chooser}${except.length > 0 ? ` (not ${joinAnd(except).replace(/ and /, ' or ')})` : ''}`;
}

/** A roll: inline (`roll D6; on 1 destroy this area`), or its table when it has many outcomes. */
function rollWords(e: Extract<Eff, { kind: 'roll' }>, w: Words, here: Scope, pointer: string): string {
  const die = dieWords(e.die);
  const rows = e.outcomes.map((o, k) => ({
    range: rangeWords(o.range, true),
    text: effectsWords(o.effects, w, here, `${pointer}/outcomes/${k}/effects`),
    pointer: `${pointer}/outcomes/${k}`,
  }));
  if (rows.length >= w.tableFrom && w.table === null) {
    w.table = { die, rows: rows.map((r, k) => ({ ...r, range: rangeWords(e.outcomes[k]!.range), text: capital(r.text) })) };
    return `roll ${die} on the table below`;
  }
  // Every result doing the same (a roll that decides nothing here) reads as one clause, not a list.
  if (rows.length > 1 && rows.every((r) => r.text === rows[0]!.text)) return `roll ${die}; on any result ${rows[0]!.text}`;
  const said = rows.filter((r) => r.text !== 'no effect').map((r) => `on ${r.range} ${r.text}`);
  return `roll ${die}${said.length > 0 ? `; ${said.join('; ')}` : ''}`;
}
