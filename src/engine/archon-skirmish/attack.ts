// What an attack does once it is not saved: its card is played, and the Battle Phase's rules that
// fire on that (`when: { event: card-played, cards: [...] }`: the rule `damage`, "The enemy unit
// that is the target of the attack takes one point of damage") run through the core's rule
// interpreter (core/rules fire), held by the attacking side, with the target as their subject; the
// rules that fire on what those did then fire in turn (the rule `killed` on `unit-damaged`). The
// target is the one unit the rules see; what they did to it is written back to its creature and
// logged as Archon's events: its Hits, and once destroyed (by the rule `killed`, or by the
// vocabulary's damage, which destroys a unit left with 0 Hits) its removal from the map.
import type { LogEntry } from '../core/log.js';
import type { Policy } from '../core/policy.js';
import { fire } from '../core/rules/fire.js';
import { coreWith, type CoreState, type Mutable } from '../core/state.js';
import type { ArchonRules } from './content.js';
import { emptyCore, unitOf } from './core-units.js';
import { changed, type ArchonEvent, type Draft } from './state.js';

/** The rules that fire when `side` plays `card` at the creature `id`, applied to the draft; Archon's events pushed to `events`. */
export function attackRules(rules: ArchonRules, s: Draft, side: string, card: string, id: string, events: ArchonEvent[]): void {
  const i = rules.instanceIndex.get(id)!;
  const c = s.creatures[i]!;
  const core = coreWith(emptyCore(rules), {}) as Mutable<CoreState>;
  core.units = [unitOf(rules, c)];
  core.random = s.random;
  core.turn = s.turn;
  core.active = side;
  const fired = fire(core, { event: 'card-played', side, cards: [card], units: [id] }, rules.attackRules[side]!, NO_QUESTIONS);
  const unit = fired.state.units[0]!;
  // Each damage the rules did, with the Hits before and after it (one rule of the pack does one).
  let hits = c.hits;
  for (let k = 0; k < fired.log.length; k++) {
    const e: LogEntry = fired.log[k]!;
    if (e.kind !== 'damage' || !e.units.includes(id)) continue;
    const to = (e.data.hitsLeft as { readonly [id: string]: number })[id]!;
    events.push({ type: 'effect', effect: 'damage', rule: e.source, card, creature: id, hits: { from: hits, to } });
    hits = to;
  }
  if (fired.state.random !== s.random) s.random = fired.state.random;
  if (unit.hits === c.hits && !unit.destroyed) return;
  const creatures = s.creatures.slice();
  s.creatures = creatures;
  if (!unit.destroyed) {
    creatures[i] = changed(c, c.square, unit.hits, c.imprisoned);
    return;
  }
  creatures[i] = changed(c, -1, unit.hits, 0);
  const squares = s.squares.slice();
  squares[c.square] = -1;
  s.squares = squares;
  events.push({ type: 'effect', effect: 'killed', rule: rules.keys.killed, creature: id, square: rules.board.names[c.square]! });
}

/** An attack's rules ask no player anything: its target is the move's. A rule that asks is a content error, named. */
const NO_QUESTIONS: Policy = {
  chooseUnits: (_state, choice) => unasked(`which units (${choice.reason})`),
  chooseLocation: () => unasked('a location'),
  useReroll: () => unasked('a re-roll'),
  chooseOption: () => unasked('an option'),
};

function unasked(what: string): never {
  throw new Error(`An attack's rules fire on its card and its target only; a rule asked for ${what}.`);
}
