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
import type { RuleSource } from '../core/rules/ruleset.js';
import { coreWith, type CoreState, type Mutable } from '../core/state.js';
import type { ArchonRules } from './content.js';
import { emptyCore, unitOf } from './core-units.js';
import { changed, type ArchonEvent, type CreatureState, type Draft } from './state.js';

/** What an attack's rules did to its target: each damage (the rule's key, the Hits left), its Hits and whether it was destroyed. */
interface Outcome {
  readonly damage: readonly { readonly rule: string; readonly to: number }[];
  readonly hits: number;
  readonly destroyed: boolean;
}

/** The rules that fire when `side` plays `card` at the creature `id`, applied to the draft; Archon's events pushed to `events`. */
export function attackRules(rules: ArchonRules, s: Draft, side: string, card: string, id: string, events: ArchonEvent[]): void {
  const i = rules.instanceIndex.get(id)!;
  const c = s.creatures[i]!;
  const list = rules.attackRules[side]!;
  const memo = memoOf(list);
  // The card, the target, its Hits and its turns of imprisonment, as one number (kept only while Hits and turns fit their 10 bits).
  const kept = memo !== null && c.hits < 1024 && c.imprisoned < 1024;
  const key = kept ? ((rules.cardById.get(card)!.index * rules.instances.length + i) * 1024 + c.hits) * 1024 + c.imprisoned : 0;
  let outcome = kept ? memo.get(key) : undefined;
  if (outcome === undefined) {
    const fired = fireRules(rules, s, list, side, card, c);
    outcome = fired.outcome;
    if (fired.random !== s.random) s.random = fired.random;
    // Kept only when the run drew nothing: then the generator was not read, and the same target gives the same outcome.
    else if (kept) memo.set(key, outcome);
  }
  let from = c.hits;
  for (const d of outcome.damage) {
    events.push({ type: 'effect', effect: 'damage', rule: d.rule, card, creature: id, hits: { from, to: d.to } });
    from = d.to;
  }
  if (outcome.hits === c.hits && !outcome.destroyed) return;
  const creatures = s.creatures.slice();
  s.creatures = creatures;
  if (!outcome.destroyed) {
    creatures[i] = changed(c, c.square, outcome.hits, c.imprisoned);
    return;
  }
  creatures[i] = changed(c, -1, outcome.hits, 0);
  const squares = s.squares.slice();
  squares[c.square] = -1;
  s.squares = squares;
  events.push({ type: 'effect', effect: 'killed', rule: rules.keys.killed, creature: id, square: rules.board.names[c.square]! });
}

/** The rules fired by the interpreter on the target as the one unit: what they did, and the generator after. */
function fireRules(rules: ArchonRules, s: Draft, list: readonly RuleSource[], side: string, card: string, c: CreatureState) {
  const core = coreWith(emptyCore(rules), {}) as Mutable<CoreState>;
  core.units = [unitOf(rules, c)];
  core.random = s.random;
  core.turn = s.turn;
  core.active = side;
  const fired = fire(core, { event: 'card-played', side, cards: [card], units: [c.id] }, list, NO_QUESTIONS);
  const unit = fired.state.units[0]!;
  const damage: { rule: string; to: number }[] = [];
  for (let k = 0; k < fired.log.length; k++) {
    const e: LogEntry = fired.log[k]!;
    if (e.kind === 'damage' && e.units.includes(c.id)) damage.push({ rule: e.source, to: (e.data.hitsLeft as { readonly [id: string]: number })[c.id]! });
  }
  const outcome: Outcome = { damage, hits: unit.hits, destroyed: unit.destroyed };
  return { outcome, random: fired.state.random };
}

// An attack is played at every few moves, and by a greedy bot at every move it rates: the rules'
// outcome is kept by the target's id, Hits and imprisonment and the card, for a side's rules that
// can read nothing else. They read the square and the turn only through a condition (`if`, a
// trigger's `where`, `whose` or `phase`, `once`), a pick (`choose`, `distribute`, which may draw
// at random) or an effect that moves, places or lasts (any kind but those below): rules with none
// of these are kept; others are fired at every attack. Made once per rule list (per content).
const PLAIN_EFFECTS = new Set(['damage', 'destroy', 'heal', 'manual', 'no-effect']);
const READS_MORE = /"(if|where|whose|phase|once|choose|distribute|duration)":/;
const memos = new WeakMap<readonly RuleSource[], Map<number, Outcome> | null>();

// The list last asked for and its memo: a game asks for the same side's list attack after attack.
let lastList: readonly RuleSource[] | null = null;
let lastMemo: Map<number, Outcome> | null = null;

function memoOf(list: readonly RuleSource[]): Map<number, Outcome> | null {
  if (list === lastList) return lastMemo;
  let memo = memos.get(list);
  if (memo === undefined) {
    const plain = list.every(({ rule }) => {
      const json = JSON.stringify(rule);
      return !READS_MORE.test(json) && [...json.matchAll(/"kind":"([^"]*)"/g)].every((m) => PLAIN_EFFECTS.has(m[1]!));
    });
    memos.set(list, (memo = plain ? new Map() : null));
  }
  lastList = list;
  lastMemo = memo;
  return memo;
}

/** An attack's rules ask no player anything: its target is the move's. A rule that asks is a content error, named. */
const NO_QUESTIONS: Policy = {
  chooseUnits: (_state, choice) => unasked(`which units (${choice.reason})`),
  chooseLocation: () => unasked('a location'),
  useReroll: () => unasked('a re-roll'),
  chooseOption: () => unasked('an option'),
  chooseNumber: () => unasked('a number'),
};

function unasked(what: string): never {
  throw new Error(`An attack's rules fire on its card and its target only; a rule asked for ${what}.`);
}
