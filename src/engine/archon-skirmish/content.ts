// The content Archon Skirmish is played from, read once per content object: the records of the
// pack (the effective content a command read from the YAML this run) typed by the generated types
// and turned into the numbers and tables the procedure needs. Nothing here is a rule of its own:
// every value comes from a record, and a value the pack leaves open (null, for a layer to fill) is
// a content error naming the record and field.
import type { Effect } from '../../../generated/types/common/effect.js';
import type { DeepReadonly } from '../../../generated/types/readonly.js';
import type { ArchonSkirmishPhase } from '../../../generated/types/archon-skirmish/phase.js';
import { compiledPerScenario, recordsOfKind, typedContent, type ById, type LoadedPack } from '../core/content-of.js';
import type { RuleSource } from '../core/rules/ruleset.js';
import type { ArchonRecords } from './records.js';
import { boardGeometry, STEPS, stepsFor, type Board, type Direction } from './board.js';
import { intern } from './intern.js';
import { InternedMoves, type CardInfo } from './interned.js';

/** The content the game takes: a pack's manifest, records and layer origins (a PackContent; content-of.ts types its records). */
export type ArchonContent = LoadedPack;

/** A content value the game cannot play from (missing record, or a field the pack leaves open). */
export class ArchonContentError extends Error {}

export interface CreatureStats {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly hits: number;
  readonly move: number;
  readonly flyer: boolean;
  readonly attack: number;
}

export type { CardInfo } from './interned.js';

export type SpellKind = 'swap-positions' | 'teleport' | 'prevent-actions' | 'heal';

export interface SpellInfo {
  readonly id: string;
  readonly card: string;
  /** Its effect's kind: which targets a cast may pick (spells.ts castMoves). */
  readonly kind: SpellKind;
  /** Whose creatures it is cast on: `friendly` or `enemy`. */
  readonly side: 'friendly' | 'enemy';
  /** How many creatures it picks (Exchange: 2). */
  readonly count: number;
  /** Teleport: squares along a line; Imprison: range from the caster (the card's Range). */
  readonly range: number | null;
  readonly rangeFrom: 'caster' | null;
  /** What it does, as the record states it: the core's effect interpreter applies these (core-units.ts). */
  readonly effects: readonly DeepReadonly<Effect>[];
}

export type VictoryCondition =
  | { readonly kind: 'occupy'; readonly squares: readonly number[]; readonly text: string; readonly rule: string }
  | { readonly kind: 'destroy-all-enemy'; readonly text: string; readonly rule: string };

/** A phase of the turn by what it does. */
export type Role = 'orders' | 'move' | 'battle';

/**
 * `record[role]`: each read site reads one fixed key, which V8 serves much faster than one site
 * reading any of the three (as `bySide` does for sides).
 */
export function byRole<T>(record: { readonly orders: T; readonly move: T; readonly battle: T }, role: Role): T {
  return role === 'orders' ? record.orders : role === 'move' ? record.move : record.battle;
}

/** Everything the procedure reads, compiled once per content object. */
export interface ArchonRules {
  readonly pack: string;
  readonly sides: readonly [string, string];
  readonly scenario: string;
  readonly first: string;
  readonly board: Board;
  readonly creatures: { readonly [id: string]: CreatureStats };
  /** Every creature of both armies in state order (the first side's, then the other's), and each id's index. */
  readonly instances: readonly { readonly id: string; readonly creature: string; readonly side: string }[];
  readonly instanceIndex: ReadonlyMap<string, number>;
  /** The creature record's stats of each instance, in state order. */
  readonly instanceStats: readonly CreatureStats[];
  /** Each side's creatures (instance id -> creature id), in the scenario's order. */
  readonly armies: { readonly [side: string]: readonly { readonly id: string; readonly creature: string }[] };
  /** The squares each side sets up on, in zone order. */
  readonly setupSquares: { readonly [side: string]: readonly number[] };
  /** The rank index (0-based) of each side's back row, and its forward step (+1 or -1 ranks). */
  readonly forward: { readonly [side: string]: number };
  readonly cards: { readonly [id: string]: CardInfo };
  /** The same cards in a Map: looked up at every move by ids that vary, where a Map is faster than an object's keys. */
  readonly cardById: ReadonlyMap<string, CardInfo>;
  /** The deck's cards, each as many times as the deck's copies say, in the deck's listed order. */
  readonly deck: readonly string[];
  readonly startingHand: number;
  readonly turnPhases: readonly ('orders' | 'move' | 'battle')[];
  /** Phase role -> phase record id. */
  readonly phaseIds: { readonly orders: string; readonly move: string; readonly battle: string };
  /** The phase after each in the turn, or null for the last (the turn ends). */
  readonly phaseAfter: { readonly orders: Role | null; readonly move: Role | null; readonly battle: Role | null };
  readonly orders: { readonly draw: number; readonly handLimit: number; readonly reshuffle: boolean };
  readonly move: {
    readonly cardType: 'M';
    readonly directions: readonly Direction[];
    readonly cardsPerPhase: number;
    readonly cardNumber: 'exact' | 'maximum';
    readonly flyersPassThrough: boolean;
    readonly mayEndOnOccupied: boolean;
    readonly group: { readonly lines: 'straight' | 'straight-or-diagonal'; readonly limitedByMove: boolean };
  };
  readonly battle: {
    readonly cardType: 'A';
    readonly directions: readonly Direction[];
    readonly cardsPerPhase: number;
    readonly cardNumber: 'exact' | 'maximum';
    readonly lineOfSight: 'squares-on-line' | 'touched-squares';
  };
  /**
   * The Battle Phase's rules that fire on events (`when`), as the rule interpreter fires them when
   * an attack's card is played (attack.ts): one list per side, each rule held by the side playing
   * the card ("the enemy unit" is the other side's). Its rule `damage` fires on the Attack cards.
   */
  readonly attackRules: { readonly [side: string]: readonly RuleSource[] };
  readonly spells: { readonly [id: string]: SpellInfo };
  /**
   * What an imprisoned creature (CreatureState.imprisoned above 0) may not do: the actions its
   * prevent-actions spell (Imprison) states, as a list and as flags the move listing reads.
   */
  readonly imprisonment: { readonly actions: readonly ('move' | 'attack')[]; readonly move: boolean; readonly attack: boolean };
  /** Side -> the creature that must be in play for the side to use spell cards. */
  readonly casters: { readonly [side: string]: string };
  readonly victory: readonly VictoryCondition[];
  /** The rule keys (src/content/rules.ts RuleInfo.key) events name, made once. */
  readonly keys: {
    readonly place: string;
    readonly draw: string;
    readonly reshuffle: string;
    readonly discard: string;
    readonly playMove: string;
    readonly groupForward: string;
    readonly playAttack: string;
    readonly damage: string;
    readonly killed: string;
    readonly imprisoned: string;
    readonly card: { readonly [card: string]: string };
    readonly spell: { readonly [spell: string]: string };
  };
  /** Step indices (board.ts STEPS) of the Move Phase's and Battle Phase's lines. */
  readonly moveSteps: readonly number[];
  readonly battleSteps: readonly number[];
  /** Per side, the steps a group forward move may take (`groupMove`). */
  readonly forwardSteps: { readonly [side: string]: readonly number[] };
  /** The move objects listings hand out, made once for these rules. */
  readonly interned: InternedMoves;
}

type R<T> = DeepReadonly<T>;

/** The records of one of the game's kinds, typed by its generated type; empty when the pack lacks the kind. */
function kind<K extends keyof ArchonRecords>(content: ArchonContent, k: K): ById<ArchonRecords[K]> {
  return recordsOfKind(typedContent<ArchonRecords>(content), k);
}

function need<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined)
    throw new ArchonContentError(`Archon Skirmish cannot be played: ${what} is not set (the rule text leaves it open; a layer entry must set it).`);
  return value;
}

/** The rules read from `content` for a scenario (the first scenario when none is named), compiled once. */
let lastContent: ArchonContent | null = null;
let lastKey: string | undefined;
let lastCompiled: ArchonRules | null = null;

export function archonRules(content: ArchonContent, scenarioId?: string): ArchonRules {
  // The content and scenario last asked for: a game asks for the same ones at every move.
  if (content === lastContent && scenarioId === lastKey) return lastCompiled!;
  const rules = rulesFor(content, scenarioId);
  lastContent = content;
  lastKey = scenarioId;
  lastCompiled = rules;
  return rules;
}

const rulesFor = compiledPerScenario(compile);

function compile(content: ArchonContent, scenarioId: string | undefined): ArchonRules {
  const boards = Object.values(kind(content, 'board'));
  const boardRec = need(boards[0], 'a board record');
  const sides = content.pack.sides.map((s) => intern(s.id));
  if (sides.length !== 2) throw new ArchonContentError(`Archon Skirmish is for 2 sides; the manifest names ${sides.length}.`);
  const twoSides = [sides[0]!, sides[1]!] as const;
  const board = boardGeometry(boardRec.columns, boardRec.rows, boardRec.squareNames.files, boardRec.squareNames.ranks);

  const scenarios = kind(content, 'scenario');
  const scenario = need(scenarioId !== undefined ? scenarios[scenarioId] : Object.values(scenarios)[0], `the scenario ${scenarioId ?? ''}`);
  // "Units may not stack.": the state's board holds one creature a square, so the game plays only a
  // scenario that states it (a scenario that left it out could not be played as written).
  if (!(scenario.specialRules ?? []).some((r) => r.id === 'no-stacking'))
    throw new ArchonContentError(
      `scenario ${scenario.id}: the game plays one creature a square; the scenario's special rules must state it (no-stacking: "Units may not stack.")`,
    );
  const zones = kind(content, 'zone');
  const creatureRecs = kind(content, 'creature');
  const creatures: Record<string, CreatureStats> = {};
  for (const c of Object.values(creatureRecs))
    creatures[c.id] = { id: intern(c.id), name: c.name, side: intern(c.side), hits: c.hits, move: c.move, flyer: c.flyer, attack: c.attack };

  const armies: Record<string, { id: string; creature: string }[]> = {};
  const setupSquares: Record<string, number[]> = {};
  const forward: Record<string, number> = {};
  const backRank = boardRec.backRank as { readonly [side: string]: number | null };
  for (const s of scenario.sides) {
    const units = s.army.units ?? [];
    const army: { id: string; creature: string }[] = [];
    for (const u of units) {
      if (!creatures[u.unit]) throw new ArchonContentError(`scenario ${scenario.id}: no creature ${u.unit}`);
      for (let n = 1; n <= u.count; n++) army.push({ id: intern(u.count === 1 ? u.unit : `${u.unit}-${n}`), creature: intern(u.unit) });
    }
    armies[s.side] = army;
    const squares: number[] = [];
    for (const z of s.setup.zones ?? []) {
      const zone = need(zones[z], `zone ${z}`);
      if (zone.placement !== undefined) need(zone.placement, `zone ${z} /placement`);
      for (const name of need(zone.squares, `zone ${z} /squares`)) squares.push(board.index(name));
    }
    if (squares.length < army.length)
      throw new ArchonContentError(`scenario ${scenario.id}: side ${s.side} has ${army.length} creatures and ${squares.length} set-up squares`);
    setupSquares[s.side] = squares;
    const rank = need(backRank[s.side], `board /backRank/${s.side}`);
    forward[s.side] = rank - 1 < board.rows / 2 ? 1 : -1;
  }
  for (const s of twoSides) if (!armies[s]) throw new ArchonContentError(`scenario ${scenario.id} has no side ${s}`);

  const turnRec = need(Object.values(kind(content, 'turn'))[0], 'the turn sequence');
  const phaseRecs = kind(content, 'phase');
  const roleOf = (p: R<ArchonSkirmishPhase>): 'orders' | 'move' | 'battle' => (p.draw !== undefined ? 'orders' : p.cardType === 'M' ? 'move' : 'battle');
  const phaseIds: Record<string, string> = {};
  const turnPhases = turnRec.phases.map((id) => {
    const p = need(phaseRecs[id], `phase ${id}`);
    const role = roleOf(p);
    phaseIds[role] = intern(id);
    return role;
  });
  const ph = (role: string) => need(phaseRecs[need(phaseIds[role], `a ${role} phase`)], `phase ${role}`);
  const o = ph('orders'),
    m = ph('move'),
    b = ph('battle');
  const pid = (role: string) => phaseIds[role]!;
  const directions = (p: R<ArchonSkirmishPhase>) => need(p.directions, `phase ${p.id} /directions`) as readonly Direction[];

  const cardRecs = kind(content, 'card');
  const roleById = Object.fromEntries(Object.entries(phaseIds).map(([role, id]) => [id, role]));
  const cards: Record<string, CardInfo> = {};
  for (const c of Object.values(cardRecs)) {
    // What a card does is played by the procedure, the phases' rules (an Attack card's damage is the
    // Battle Phase's rule that fires on it) or its spell: its own effects may only be notes.
    const played = (c.effects ?? []).find((e) => e.kind !== 'manual');
    if (played !== undefined)
      throw new ArchonContentError(
        `card ${c.id}: the game plays no ${played.kind} effect of a card (/effects); a rule of its phase that fires when it is played (when: { event: card-played, cards: [${c.id}] }) says what it does`,
      );
    // In the order the fields were always read, so a pack missing several names the same one first.
    const spell = c.spell ? intern(need(c.spellId, `card ${c.id} /spellId`)) : null;
    const limitedBy = intern(c.type === 'M' || c.type === 'A' ? need(c.limitedBy, `card ${c.id} /limitedBy`) : (c.limitedBy ?? 'none'));
    const phases = need(c.playedIn, `card ${c.id} /playedIn`).phases.map((id) => need(roleById[id], `phase ${id} of card ${c.id}`));
    const turn = intern(c.playedIn?.turn ?? null);
    cards[c.id] = {
      id: intern(c.id),
      index: Object.keys(cards).length,
      key: intern(`card/${c.id}`),
      type: intern(c.type),
      range: c.range,
      side: intern(c.side),
      spell,
      limitedBy,
      phases,
      turn,
      ownMove: turn === 'own' && phases.includes('move'),
      ownBattle: turn === 'own' && phases.includes('battle'),
    };
  }
  const deckRec = need(Object.values(kind(content, 'deck'))[0], 'the deck');
  const deck: string[] = [];
  for (const { card: id, copies } of deckRec.cards) {
    need(cardRecs[id], `card ${id}`);
    for (let n = 0; n < copies; n++) deck.push(intern(id));
  }
  if (deck.length !== deckRec.size) throw new ArchonContentError(`deck ${deckRec.id}: its cards count ${deck.length}, its size is ${deckRec.size}`);

  const spells: Record<string, SpellInfo> = {};
  for (const s of Object.values(kind(content, 'spell'))) {
    // A cast picks the targets of one effect (castMoves, by its kind): a spell states exactly one.
    if (s.effects.length !== 1)
      throw new ArchonContentError(`spell ${s.id}: a cast picks the targets of one effect; the spell states ${s.effects.length} (/effects)`);
    const e = s.effects[0]!;
    if (e.kind !== 'swap-positions' && e.kind !== 'teleport' && e.kind !== 'prevent-actions' && e.kind !== 'heal')
      throw new ArchonContentError(`spell ${s.id}: the game plays no ${e.kind} spell`);
    const side = need(e.target.side, `spell ${s.id} /effects/0/target/side`);
    // Exchange picks two creatures, the others one: the pick a cast move makes (castMoves).
    const count = e.target.choose?.count ?? 1;
    if (count !== (e.kind === 'swap-positions' ? 2 : 1))
      throw new ArchonContentError(
        `spell ${s.id}: a ${e.kind} cast picks ${e.kind === 'swap-positions' ? 2 : 1} creature(s); /effects/0/target/choose/count is ${count}`,
      );
    const card = need(cardRecs[s.card], `card ${s.card}`);
    spells[s.id] = {
      id: intern(s.id),
      card: intern(s.card),
      kind: intern(e.kind),
      side: side === 'enemy' ? 'enemy' : 'friendly',
      count,
      range: (e.kind === 'teleport' ? e.range : undefined) ?? card.range,
      rangeFrom: intern(e.kind === 'prevent-actions' ? need(s.rangeFrom, `spell ${s.id} /rangeFrom`) : (s.rangeFrom ?? null)),
      effects: s.effects,
    };
  }
  const casters: Record<string, string> = {};
  for (const r of Object.values(kind(content, 'rules'))) for (const c of r.spellcasters ?? []) casters[c.side] = intern(c.creature);

  const victory: VictoryCondition[] = [];
  for (const [i, v] of need(scenario.victory, `scenario ${scenario.id} /victory`).entries()) {
    const rule = `scenario/${scenario.id}#/victory/${i}`;
    if (v.condition === 'occupy-locations') {
      const squares = (v.locations ?? []).flatMap((z) => need(need(zones[z], `zone ${z}`).squares, `zone ${z} /squares`)).map((n) => board.index(n));
      victory.push({ kind: 'occupy', squares, text: v.text, rule });
    } else if (v.condition === 'destroy-all-enemy') victory.push({ kind: 'destroy-all-enemy', text: v.text, rule });
    else throw new ArchonContentError(`scenario ${scenario.id}: the game plays no ${v.condition} victory`);
  }

  need(m.groupMove?.forward, `phase ${m.id} /groupMove/forward`);
  const lines = need(m.groupMove?.lines, `phase ${m.id} /groupMove/lines`);
  const forwardSteps: Record<string, number[]> = {};
  for (const s of twoSides) {
    forwardSteps[s] = STEPS.flatMap((st, i) => (st.ranks === forward[s] && (st.files === 0 || lines === 'straight-or-diagonal') ? [i] : []));
  }
  const first = intern(need(scenario.first, `scenario ${scenario.id} /first`));
  const instances = [first, ...twoSides.filter((s) => s !== first)].flatMap((side) => armies[side]!.map((a) => ({ id: a.id, creature: a.creature, side })));
  if (new Set(instances.map((i) => i.id)).size !== instances.length)
    throw new ArchonContentError(`scenario ${scenario.id}: the two armies share a creature id`);
  const imprison = Object.values(spells).find((s) => s.kind === 'prevent-actions');
  const imprisonEffect = imprison?.effects[0];
  const prevents = (imprisonEffect?.kind === 'prevent-actions' ? imprisonEffect.actions : []).map(intern);
  const keys = {
    place: intern(`scenario/${scenario.id}#/sides`),
    draw: intern(`phase/${pid('orders')}/draw`),
    reshuffle: intern(`phase/${pid('orders')}/reshuffle`),
    discard: intern(`phase/${pid('orders')}/discard-excess`),
    playMove: intern(`phase/${pid('move')}/play-move-card`),
    groupForward: intern(`phase/${pid('move')}/group-forward`),
    playAttack: intern(`phase/${pid('battle')}/play-attack-card`),
    damage: intern(`phase/${pid('battle')}/damage`),
    killed: intern(`phase/${pid('battle')}/killed`),
    imprisoned: intern(imprison ? `spell/${imprison.id}` : 'spell'),
    card: Object.fromEntries(Object.keys(cards).map((id) => [id, intern(`card/${id}`)])),
    spell: Object.fromEntries(Object.keys(spells).map((id) => [id, intern(`spell/${id}`)])),
  };
  return {
    keys,
    instances,
    instanceIndex: new Map(instances.map((c, i) => [c.id, i])),
    instanceStats: instances.map((c) => creatures[c.creature]!),
    moveSteps: stepsFor(directions(m)),
    battleSteps: stepsFor(directions(b)),
    forwardSteps,
    interned: new InternedMoves(
      Object.keys(cards).length,
      instances.map((c) => c.id),
      board.names,
    ),
    pack: content.pack.id,
    sides: twoSides,
    scenario: intern(scenario.id),
    first,
    board,
    creatures,
    armies,
    setupSquares,
    forward,
    cards,
    cardById: new Map(Object.values(cards).map((c) => [c.id, c])),
    deck,
    startingHand: need(deckRec.extension.startingHand, `deck ${deckRec.id} /extension/startingHand`),
    turnPhases,
    phaseIds: { orders: pid('orders'), move: pid('move'), battle: pid('battle') },
    phaseAfter: {
      orders: turnPhases[turnPhases.indexOf('orders') + 1] ?? null,
      move: turnPhases[turnPhases.indexOf('move') + 1] ?? null,
      battle: turnPhases[turnPhases.indexOf('battle') + 1] ?? null,
    },
    orders: { draw: need(o.draw, 'orders /draw'), handLimit: need(o.handLimit, 'orders /handLimit'), reshuffle: need(o.reshuffle, 'orders /reshuffle') },
    move: {
      cardType: 'M',
      directions: directions(m),
      cardsPerPhase: need(m.cardsPerPhase, `phase ${m.id} /cardsPerPhase`),
      cardNumber: need(m.cardNumber, `phase ${m.id} /cardNumber`),
      flyersPassThrough: need(m.flyersPassThrough, `phase ${m.id} /flyersPassThrough`),
      mayEndOnOccupied: need(m.mayEndOnOccupied, `phase ${m.id} /mayEndOnOccupied`),
      group: {
        lines: need(m.groupMove?.lines, `phase ${m.id} /groupMove/lines`),
        limitedByMove: need(m.groupMove?.limitedByMove, `phase ${m.id} /groupMove/limitedByMove`),
      },
    },
    battle: {
      cardType: 'A',
      directions: directions(b),
      cardsPerPhase: need(b.cardsPerPhase, `phase ${b.id} /cardsPerPhase`),
      cardNumber: need(b.cardNumber, `phase ${b.id} /cardNumber`),
      lineOfSight: need(b.lineOfSight, `phase ${b.id} /lineOfSight`),
    },
    attackRules: Object.fromEntries(
      twoSides.map((side) => [
        side,
        b.rules.flatMap((rule) => (rule.when !== undefined ? [{ key: intern(`phase/${b.id}/${rule.id}`), rule, holder: { side } }] : [])),
      ]),
    ),
    spells,
    imprisonment: { actions: prevents, move: prevents.includes('move'), attack: prevents.includes('attack') },
    casters,
    victory,
  };
}
