// Which printed rules fire in games of a pack's own scenarios, measured: seeded games played by the
// bots through the game loop, as simulate plays them, and the rule keys their game logs name
// (docs/game-log.md: every effect line carries `rule`). test/coverage-fires.test.ts holds the
// engines' maps to it: a rule that runs must fire here, one that runs on test content must not.
//
// What counts as firing:
// - a log line naming the rule (`rule`, a unit's `@<unit>` left off), except a Random Event's
//   announcement (`effect: event`: the entry was rolled, and fires only if an effect of it
//   follows: Inspired Charge is rolled at Erdon Pass, but no army has the Tactics unit it needs),
//   a static rule's `static` line (it says the rule's condition holds, not that it changed a unit:
//   Irondale's holds in every game, with no Construct there), and an effect on units that names
//   none (`units: []`);
// - a mark a static rule put on the state: a unit's modifier, or a location's movement limit, whose
//   `source` is the rule (Kier-Zhadd's +1 CS on a unit there);
// - for a rule whose firing is a step of the procedure or a check that leaves no line of its own
//   (a turn's steps, set-up, a limit on the moves offered), a witness: a plain test on a line and
//   the state after it, written below for each such rule. A check counts only where the pack's own
//   games reach a state it acts on (a limit that refuses some move then, a set-up check an army
//   could break).
import { playGame, type LogLine } from '../src/analysis/simulate-game.js';
import { gameSeed } from '../src/analysis/simulate.js';
import { boardGeometry } from '../src/engine/archon-skirmish/board.js';
import type { ArchonState, CreatureState } from '../src/engine/archon-skirmish/state.js';
import type { BotName } from '../src/engine/core/bots.js';
import type { Game, GameMove, GameState } from '../src/engine/core/game.js';
import type { PackContent } from '../src/content/effective.js';
import type { JsonObject } from '../src/content/model.js';
import { warmasterRules } from '../src/engine/warmaster/index.js';
import type { WarmasterState } from '../src/engine/warmaster/state.js';
import { placeController } from '../src/engine/core/state.js';

export type AnyGame = Game<unknown, GameState, GameMove>;

/** A rule that leaves no line under its own key, and how its firing shows. */
export interface Witness {
  readonly key: string;
  /** What in the pack's games shows the rule firing, in words. */
  readonly how: string;
  readonly seen: (line: LogLine, state: GameState) => boolean;
}

/** The games played for each scenario: bots, batch seed, games. Random games for breadth, greedy ones for play that seeks victory. */
export const PLAYS: readonly { readonly bots: readonly BotName[]; readonly seed: number; readonly games: number }[] = [
  { bots: ['random', 'random'], seed: 1, games: 300 },
  { bots: ['greedy', 'random'], seed: 2, games: 20 },
  { bots: ['random', 'greedy'], seed: 3, games: 20 },
];

/** Effects whose line lists the units they changed: with none listed, nothing changed. */
const UNIT_EFFECTS = new Set(['modify-strength', 'destroy', 'damage', 'take-control', 'retreat', 'bring-in', 'choose-units', 'add-unit', 'prevent-actions']);

export interface Measured {
  /** The rules that fired, by key. */
  readonly fired: ReadonlySet<string>;
  /** Every rule key a line named, fired or not. */
  readonly logged: ReadonlySet<string>;
  /** How many games were played, and how many ended with a result. */
  readonly games: number;
  readonly ended: number;
}

/** The rule a line shows firing, or null. */
export function firedBy(line: LogLine): string | null {
  if (typeof line.rule !== 'string') return null;
  if (line.type === 'effect' && (line.effect === 'event' || line.effect === 'static')) return null;
  if (line.type === 'effect' && UNIT_EFFECTS.has(String(line.effect)) && Array.isArray(line.units) && line.units.length === 0) return null;
  return line.rule.split('@')[0]!;
}

interface Marked {
  readonly core?: {
    readonly units: readonly { readonly modifiers: readonly { readonly source: string }[] }[];
    readonly locationRules: readonly { readonly source: string }[];
  };
}

/** The rules whose marks (a static rule's modifiers and movement limits) are on the state. */
function marksOn(state: GameState, into: Set<string>): void {
  const core = (state as Marked).core;
  if (core === undefined) return;
  for (const u of core.units) for (const m of u.modifiers) into.add(m.source.split('@')[0]!);
  for (const r of core.locationRules) into.add(r.source.split('@')[0]!);
}

/** Plays the pack's scenarios (PLAYS for each) and measures which rules fire. */
export function measure(game: AnyGame, content: PackContent, witnesses: (scenario: JsonObject) => readonly Witness[]): Measured {
  const fired = new Set<string>();
  const logged = new Set<string>();
  let games = 0;
  let ended = 0;
  for (const scenario of Object.values(content.records.scenario ?? {})) {
    const watch = witnesses(scenario);
    for (const play of PLAYS) {
      for (let i = 0; i < play.games; i++) {
        let last: GameState | null = null;
        const summary = playGame(game, content, i, gameSeed(play.seed, i), play.bots, { scenario: String(scenario.id), maxMoves: 10_000 }, (line, state) => {
          if (typeof line.rule === 'string') logged.add(line.rule.split('@')[0]!);
          const rule = firedBy(line);
          if (rule !== null) fired.add(rule);
          if (state === null || line.type === 'play') return;
          if (state !== last) marksOn(state, fired);
          last = state;
          for (const w of watch) if (!fired.has(w.key) && w.seen(line, state)) fired.add(w.key);
        });
        games++;
        if (summary.end === 'result') ended++;
      }
    }
  }
  return { fired, logged, games, ended };
}

// ---- Warchon ----

interface WarchonUnit {
  readonly id: string;
  readonly side: string;
  readonly location: string | null;
  readonly stats: { readonly size: number };
  readonly traits: readonly string[];
  readonly destroyed: boolean;
  readonly controlledBy: { readonly side: string } | null;
}
interface WarchonState extends GameState {
  readonly core: { readonly units: readonly WarchonUnit[] };
}

const unitOf = (state: GameState, id: unknown): WarchonUnit | undefined => (state as WarchonState).core.units.find((u) => u.id === id);
const fightsFor = (u: WarchonUnit): string => u.controlledBy?.side ?? u.side;
const isPlace = (line: LogLine): boolean => line.type === 'effect' && line.effect === 'place';

/** Warchon's rules that leave no line under their own key, for a scenario. */
export function warchonWitnesses(content: PackContent, scenario: JsonObject): Witness[] {
  const id = String(scenario.id);
  const sides = (scenario.sides as readonly JsonObject[]).map((s) => String(s.side));
  const capacity = (spread: string): number => Number(content.records.spread?.[spread]?.capacity);
  const anyUnit = (test: (u: WarchonUnit) => boolean) => (_: LogLine, state: GameState) => (state as WarchonState).core.units.some(test);
  return [
    { key: 'rules/core#/turn/steps/0', how: 'a Movement Round begins (a `phase` line, movement)', seen: (l) => l.type === 'phase' && l.phase === 'movement' },
    {
      key: 'rules/core#/turn/steps/1',
      how: 'a battle is fought after the movement (a `phase` line, battle)',
      seen: (l) => l.type === 'phase' && l.phase === 'battle',
    },
    {
      key: 'rules/core#/turn/steps/2',
      how: 'the turn passes to the other player (a `turn` line after the first)',
      seen: (l) => l.type === 'turn' && Number(l.turn) > 1,
    },
    {
      key: 'rules/core#/capacity',
      how: "a unit placed or moved fills its army's share of a spread to the Capacity for its class (aerial or not), so Capacity refuses the army's next unit of that class there (a Capacity loss, when one happens, is logged under the key)",
      seen: (l, state) => {
        if (l.type !== 'effect' || (l.effect !== 'place' && l.effect !== 'move')) return false;
        const unit = unitOf(state, l.unit);
        if (unit?.location == null) return false;
        const aerial = unit.traits.includes('aerial');
        const size = (state as WarchonState).core.units
          .filter((u) => !u.destroyed && u.location === unit.location && fightsFor(u) === fightsFor(unit) && u.traits.includes('aerial') === aerial)
          .reduce((sum, u) => sum + u.stats.size, 0);
        return size >= capacity(unit.location);
      },
    },
    ...sides.flatMap((side, i) => [
      {
        key: `scenario/${id}#/sides/${i}/army`,
        how: `a unit of ${side}'s army is placed`,
        seen: (l: LogLine, s: GameState) => isPlace(l) && unitOf(s, l.unit)?.side === side,
      },
      {
        key: `scenario/${id}#/sides/${i}/setup`,
        how: `${side} places a unit on its set-up spreads`,
        seen: (l: LogLine, s: GameState) => isPlace(l) && unitOf(s, l.unit)?.side === side,
      },
    ]),
    {
      key: 'trait/aerial/flies',
      how: 'an Aerial unit moves (straight to a spread within its Movement)',
      seen: (l, s) => l.type === 'effect' && l.effect === 'move' && unitOf(s, l.unit)?.traits.includes('aerial') === true,
    },
    {
      key: 'descriptor/distinct',
      how: 'a Distinct unit is in an army (only then can the one-copy check refuse one)',
      seen: anyUnit((u) => u.traits.includes('distinct')),
    },
    {
      key: 'trait/nether',
      how: 'a unit with both Nether and Purity is in an army (only then can the check that no unit starts with both refuse one)',
      seen: anyUnit((u) => u.traits.includes('nether') && u.traits.includes('purity')),
    },
    {
      key: 'trait/purity',
      how: 'a unit with both Nether and Purity is in an army (as for Nether)',
      seen: anyUnit((u) => u.traits.includes('nether') && u.traits.includes('purity')),
    },
  ];
}

/** Rule keys Warchon's log names that are not printed rules, and why. */
export const WARCHON_NOT_PRINTED: readonly { readonly key: RegExp; readonly why: string }[] = [
  { key: /^scenario\/[^/#]+#\/sides$/, why: "set-up, for both sides at once: the witnesses read it per side (each side's army and set-up)" },
  { key: /^end of \w+'s turn$/, why: 'a mark for "this turn" running out: the line names the moment, and the rule that made the mark was logged when it did' },
];

// ---- Archon Skirmish ----

/** Archon Skirmish's rules that leave no line under their own key, for a scenario. */
export function archonWitnesses(content: PackContent, scenario: JsonObject): Witness[] {
  const id = String(scenario.id);
  const b = Object.values(content.records.board ?? {})[0]!;
  const names = b.squareNames as JsonObject;
  const board = boardGeometry(Number(b.columns), Number(b.rows), String(names.files), String(names.ranks));
  const creature = (c: CreatureState) => content.records.creature![c.creature]!;
  const card = (c: string) => content.records.card![c]!;
  const cardsOf = (state: ArchonState, type: string) =>
    (state.hands[state.turnSide] ?? []).filter((c) => card(c).type === type).map((c) => Number(card(c).range));
  const onBoard = (state: ArchonState, side: string) => state.creatures.filter((c) => c.side === side && c.square >= 0 && c.imprisoned === 0);
  const casters = (content.records.rules?.['spell-cards']?.spellcasters ?? []) as readonly JsonObject[];
  const victory = (n: number) => (l: LogLine) => l.type === 'end' && l.rule === `scenario/${id}#/victory/${n}`;
  const placedBy = (side: string) => (l: LogLine, s: GameState) =>
    l.type === 'effect' && l.effect === 'place' && (s as ArchonState).creatures.find((c) => c.id === l.creature)?.side === side;
  const isMove = (l: LogLine) => l.type === 'effect' && l.effect === 'move';
  const isAttack = (l: LogLine) => l.type === 'effect' && l.effect === 'attack';
  /** The squares strictly between two squares on a queen line (none when not on one). */
  const between = (from: number, to: number): number[] => {
    for (const ray of board.rays[from]!) {
      const at = ray.indexOf(to);
      if (at >= 0) return ray.slice(0, at);
    }
    return [];
  };
  const passesOver = (l: LogLine, s: GameState) =>
    between(board.index(String(l.from)), board.index(String(l.to))).some((sq) => (s as ArchonState).squares[sq]! >= 0);
  /** A limit on cards: the side to act holds a card of `type` above some creature's value of `stat`. */
  const cardAbove = (step: string, type: string, stat: string) => (_: LogLine, s: GameState) => {
    const state = s as ArchonState;
    if (state.step !== step) return false;
    const best = Math.max(0, ...cardsOf(state, type));
    return onBoard(state, state.turnSide).some((c) => Number(creature(c)[stat]) < best);
  };
  const sides = (scenario.sides as readonly JsonObject[]).map((s) => String(s.side));
  return [
    { key: 'board/board', how: 'a creature is placed on a square of the 8x8 board', seen: (l) => l.type === 'effect' && l.effect === 'place' },
    ...['zone/corner-a1', 'zone/corner-a8', 'zone/corner-h1', 'zone/corner-h8'].map((key) => ({
      key,
      how: 'a side wins by occupying the 4 corner squares',
      seen: victory(0),
    })),
    { key: 'phase/battle/card-number', how: "an attack is declared (at a distance within its card's number)", seen: isAttack },
    { key: 'phase/battle/queen-attacks', how: 'an attack is declared (along a queen line)', seen: isAttack },
    {
      key: 'phase/battle/attack-limit',
      how: "in the Battle phase the side to act holds an Attack card above some creature's Attack (the limit refuses it that card)",
      seen: cardAbove('battle', 'A', 'attack'),
    },
    ...['phase/battle/no-attacking-through', 'phase/battle/line-of-sight'].map((key) => ({
      key,
      how: 'in the Battle phase a creature of the side to act has an enemy within its Attack and a held card, on a queen line, with a creature between (the attack is refused)',
      seen: (_: LogLine, s: GameState) => {
        const state = s as ArchonState;
        if (state.step !== 'battle') return false;
        const reach = Math.max(0, ...cardsOf(state, 'A'));
        return onBoard(state, state.turnSide).some((c) =>
          board.rays[c.square]!.some((ray) => {
            const limit = Math.min(reach, Number(creature(c).attack));
            const first = ray.findIndex((sq) => state.squares[sq]! >= 0);
            return first >= 0 && ray.slice(first + 1, limit).some((sq) => state.squares[sq]! >= 0 && state.creatures[state.squares[sq]!]!.side !== c.side);
          }),
        );
      },
    })),
    { key: 'phase/move/card-number', how: "a creature moves (its card's number of squares)", seen: isMove },
    { key: 'phase/move/queen-moves', how: 'a creature moves (along a queen line)', seen: isMove },
    {
      key: 'phase/move/move-limit',
      how: "in the Move phase the side to act holds a Move card above some creature's Move (the limit refuses it that card)",
      seen: cardAbove('move', 'M', 'move'),
    },
    {
      key: 'phase/move/no-moving-through',
      how: 'in the Move phase a creature of the side to act that does not fly has a creature next to it on a queen line, and a held card and its Move would take it past (the move is refused)',
      seen: (_, s) => {
        const state = s as ArchonState;
        if (state.step !== 'move') return false;
        const cards = cardsOf(state, 'M');
        return onBoard(state, state.turnSide).some(
          (c) =>
            creature(c).flyer !== true &&
            board.rays[c.square]!.some((ray) => {
              // A card moves exactly its number: one past the first creature on the line, within the Move and the board, is refused.
              const first = ray.findIndex((sq) => state.squares[sq]! >= 0);
              return first >= 0 && cards.some((n) => n > first + 1 && n <= Number(creature(c).move) && n <= ray.length);
            }),
        );
      },
    },
    {
      key: 'phase/move/flyers-and-teleport',
      how: 'a Flyer moves over another creature, or a Teleport passes over one',
      seen: (l, s) =>
        l.type === 'effect' &&
        ((l.effect === 'move' && (s as ArchonState).creatures.some((c) => c.id === l.creature && creature(c).flyer === true) && passesOver(l, s)) ||
          (l.effect === 'teleport' && passesOver(l, s))),
    },
    {
      key: 'phase/orders/hand-size',
      how: 'a side holds more than 5 cards and discards the excess (a `discard` line)',
      seen: (l) => l.type === 'effect' && l.effect === 'discard',
    },
    { key: 'rules/creatures/counters', how: 'a creature is placed on the board', seen: (l) => l.type === 'effect' && l.effect === 'place' },
    {
      key: 'rules/creatures/eight-unique',
      how: 'a side has placed 8 creatures, each a different one',
      seen: (l, s) =>
        l.type === 'effect' &&
        l.effect === 'place' &&
        sides.some((side) => new Set((s as ArchonState).creatures.filter((c) => c.side === side && c.square >= 0).map((c) => c.creature)).size === 8),
    },
    ...casters.map((c) => ({
      key: `rules/spell-cards/${String(c.side)}-spellcaster`,
      how: `${String(c.side)} holds a spell card after its ${String(c.creature)} is killed (its spells are refused)`,
      seen: (_: LogLine, s: GameState) => {
        const state = s as ArchonState;
        const caster = state.creatures.find((x) => x.side === c.side && x.creature === c.creature);
        return caster !== undefined && caster.hits === 0 && (state.hands[String(c.side)] ?? []).some((x) => card(x).spell === true);
      },
    })),
    ...sides.flatMap((side, i) => [
      { key: `scenario/${id}#/sides/${i}/army`, how: `${side}'s army of 8 creatures is placed`, seen: placedBy(side) },
      { key: `scenario/${id}#/sides/${i}/setup`, how: `${side} places a creature on its back row`, seen: placedBy(side) },
      { key: `zone/${side}-back-row`, how: `${side} places a creature on its back row`, seen: placedBy(side) },
    ]),
    {
      key: `scenario/${id}/no-stacking`,
      how: 'a side places a creature when one of its back-row squares is taken (that square is refused)',
      seen: (l, s) => {
        if (l.type !== 'effect' || l.effect !== 'place') return false;
        const state = s as ArchonState;
        const side = state.creatures.find((c) => c.id === l.creature)?.side;
        return state.creatures.filter((c) => c.side === side && c.square >= 0).length >= 2;
      },
    },
    { key: 'turn/turn-sequence', how: 'a turn begins (a `turn` line)', seen: (l) => l.type === 'turn' },
  ];
}

/** Rule keys Archon Skirmish's log names that are not printed rules, and why. */
export const ARCHON_NOT_PRINTED: readonly { readonly key: RegExp; readonly why: string }[] = [
  { key: /^scenario\/[^/#]+#\/sides$/, why: 'set-up, for both sides at once: the witnesses read it per side' },
  {
    key: /^card\/(exchange|heal|imprison|teleport)$/,
    why: 'a spell card played (`play-card`): the card has no rule of its own, its spell (spell/<id>) is logged on the next line',
  },
  {
    key: /^card\/attack-[1-4]$/,
    why: "an attack names the Attack card played (`attack`): the card has no rule of its own, the Battle Phase's rule damage does its Hit",
  },
];

// ---- Warmaster ----

/** Warmaster's rules that leave no line under their own key, for a scenario. */
export function warmasterWitnesses(content: PackContent, scenario: JsonObject): Witness[] {
  const rules = warmasterRules(content as never, String(scenario.id));
  const id = `scenario/${scenario.id}#`;
  const special = (name: string) => (scenario.specialRules as { text?: string }[] | undefined)?.findIndex((r) => r.text?.startsWith(name)) ?? -1;
  const out: Witness[] = [
    {
      key: `${id}/sides/0/army`,
      how: "an Imperial group teleports onto the ship (a `teleport` line of the Imperial side's)",
      seen: (l) => l.type === 'teleport' && l.side === rules.sides[0],
    },
    {
      key: `${id}/sides/1/army`,
      how: 'the Traitor draws his reinforcements from the cup (a `draw` line, `what: cup`)',
      seen: (l) => l.type === 'draw' && l.what === 'cup',
    },
    {
      key: 'scenario/standard-game/face-down-pieces',
      how: 'a face-down piece is turned face up by the procedure (a `reveal` line naming no rule: not by its own side at will)',
      seen: (l) => l.type === 'reveal' && l.rule === undefined,
    },
    {
      key: 'scenario/standard-game/stacking',
      how: 'a battle is fought where a side arrived among enemy pieces (a `battle` line)',
      seen: (l) => l.type === 'battle',
    },
    {
      key: 'scenario/standard-game/retreat',
      how: 'a unit retreats (a `retreat` effect line)',
      seen: (l) => l.type === 'effect' && l.effect === 'retreat',
    },
    {
      key: 'scenario/standard-game/group-teleport',
      how: 'a group of several pieces arrives in one area (an `arrive` line with more than one piece)',
      seen: (l) => l.type === 'arrive' && ((l.pieces as string[] | undefined) ?? []).length > 1,
    },
    {
      key: 'scenario/standard-game/perfect-teleport-areas',
      how: 'a side is asked where its teleport goes (a 66 or the Emperor) while an area is destroyed',
      seen: (_l, s) => {
        const w = s as WarmasterState;
        return w.pending?.request.kind === 'location' && String(w.phase).endsWith('reinforcements') && w.core.destroyedPlaces.length > 0;
      },
    },
    {
      key: 'scenario/standard-game/bridge-arrival',
      how: 'a teleport takes the Bridge (a `control-place` line that changes it in a reinforcements phase)',
      seen: (l, s) =>
        l.type === 'effect' &&
        l.effect === 'control-place' &&
        (l.data as { changed?: boolean }).changed === true &&
        String((s as WarmasterState).phase).endsWith('reinforcements'),
    },
  ];
  // Battles one at a time in the phase's order: a second `battle` line in the same battle phase of a game.
  let phaseFought: string | null = null;
  out.push({
    key: 'scenario/standard-game/battles',
    how: 'a battle phase fights two battles or more, one after the other (two `battle` lines in one phase of a game)',
    seen: (l, s) => {
      const w = s as WarmasterState;
      if (l.type === 'setup') phaseFought = null;
      if (l.type !== 'battle') return false;
      const here = `${w.turn}/${w.phase}`;
      const second = phaseFought === here;
      phaseFought = here;
      return second;
    },
  });
  // The group holding a unit the Imperial set-up names (`firstUnits`: the Emperor) teleports first:
  // in turn 1, its group's teleport (a `group-teleports` trigger line naming the unit, or its `teleport` line).
  const firstUnits = ((scenario.sides as { setup?: { firstUnits?: string[] } }[] | undefined)?.[0]?.setup?.firstUnits ?? []) as string[];
  const named = (ids: unknown) => ((ids as string[] | undefined) ?? []).some((id) => firstUnits.includes(id));
  const leadsFirst = (l: { readonly [k: string]: unknown }, s: unknown) =>
    (s as WarmasterState).turn === 1 &&
    ((l.type === 'teleport' && l.side === rules.sides[0] && named(l.pieces)) ||
      (l.type === 'effect' &&
        l.effect === 'trigger' &&
        String((l.data as { event?: string } | undefined)?.event).startsWith('group-teleports') &&
        named(l.units)));
  if (firstUnits.length > 0)
    for (const key of [`${id}/sides/0/setup`, 'special-unit/the-emperor/teleports-first'])
      out.push({
        key,
        how: 'in turn 1, the group holding the unit the Imperial set-up names teleports (its `group-teleports` trigger or `teleport` line)',
        seen: leadsFirst,
      });
  // The scenario's special rules the engine plays without a line of their own, found by their text.
  const bridge = special('The bridge is controlled initially');
  if (bridge >= 0)
    out.push({
      key: `${id}/specialRules/${bridge}`,
      how: 'the Traitor controls the Bridge when the game is set up',
      seen: (l, s) => l.type === 'setup' && rules.bridge !== null && placeController((s as WarmasterState).core, rules.bridge.area) === rules.bridge.initial,
    });
  return out;
}

/** Rule keys Warmaster's log names that are not printed rules, and why. */
export const WARMASTER_NOT_PRINTED: readonly { readonly key: RegExp; readonly why: string }[] = [
  {
    key: /^end of battle-round$/,
    why: "a mark for one battle round running out (Crew Ambush!'s doubling, at the end of a round a Blood bath follows): the line names the moment, and the rule that made the mark was logged when it did",
  },
];
