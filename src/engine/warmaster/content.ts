// The content Warmaster is played from, compiled once per content object: the six phases in
// order, the numbered ship areas with their connections and the special area each one is, the
// pieces (units, special units, cards) with their values, the scenario's armies split into the
// Imperial groups, the Traitor cup and the pieces placed at set-up, the two tables, the combat
// results' effects and the rules the interpreter fires, each held where it applies. Every value
// comes from a record; a value the pack leaves open is a content error naming the field.
import type { Effect } from '../../../generated/types/common/effect.js';
import type { Rule } from '../../../generated/types/common/defs.js';
import type { DeepReadonly } from '../../../generated/types/readonly.js';
import { compiledPerScenario, recordsOfKind, typedContent, type ById, type LoadedPack } from '../core/content-of.js';
import type { RuleSource } from '../core/rules/ruleset.js';
import type { UnitInit } from '../core/state.js';
import { warmasterRules as pieceRules } from './cards.js';
import type { WarmasterRecords } from './records.js';
import { warmasterTables, type CombatTable, type TeleportEntry, type WarmasterTablesContent } from './tables.js';

/** The content the game takes: a pack's manifest, records and layer origins. */
export type WarmasterContent = LoadedPack;

export class WarmasterContentError extends Error {}

/** What each side's three phases are, in the order the Sequence of Game prints them. */
export type PhaseStep = 'reinforcements' | 'movement' | 'battle';
const STEPS: readonly PhaseStep[] = ['reinforcements', 'movement', 'battle'];

export interface PhaseInfo {
  readonly id: string;
  readonly side: string;
  readonly step: PhaseStep;
  /** The phase's rule key, as coverage names it. */
  readonly key: string;
}

export interface AreaInfo {
  readonly id: string;
  readonly number: number;
  readonly neighbours: readonly string[];
  /** The special area it is (`the-bridge`...), or null. */
  readonly special: string | null;
}

export interface PieceInfo {
  readonly record: string;
  readonly name: string;
  readonly side: string;
  readonly kind: 'unit' | 'special-unit' | 'card';
  readonly attack: number | null;
  readonly defence: number | null;
  readonly traits: readonly string[];
}

export interface BridgeInfo {
  /** The numbered area that is the Bridge. */
  readonly area: string;
  /** The side controlling it at the start (its `control/initial`). */
  readonly initial: string;
  readonly key: string;
}

/** Pieces that wait to teleport together (an Imperial group, a drawn Traitor piece). */
export interface Group {
  readonly side: string;
  readonly pieces: readonly string[];
}

export interface WarmasterRules {
  readonly pack: string;
  readonly scenario: string;
  readonly sides: readonly [string, string];
  readonly first: string;
  /** The phases of a game turn, in order. */
  readonly phases: readonly PhaseInfo[];
  /** The numbered areas, by number. */
  readonly areas: readonly AreaInfo[];
  readonly area: ReadonlyMap<string, AreaInfo>;
  readonly byNumber: ReadonlyMap<number, string>;
  readonly bridge: BridgeInfo | null;
  readonly pieces: { readonly [record: string]: PieceInfo };
  /** Each card's effects when revealed, by card id. */
  readonly cards: { readonly [card: string]: readonly DeepReadonly<Effect>[] };
  /** Every piece of both sides, off the ship; the hidden side's numbered, not named (see `hidden`). */
  readonly units: readonly UnitInit[];
  /** The side whose pieces start hidden (drawn from a cup): its pieces' records are dealt to them at set-up. */
  readonly hidden: { readonly side: string; readonly ids: readonly string[]; readonly records: readonly string[] } | null;
  /** Groups that teleport in their side's first reinforcements phase: those holding the set-up's `firstUnits` first (the Emperor's), then in the data's order. */
  readonly groups: readonly Group[];
  /** The cup: its side and how many hidden pieces it holds at the start (the rest are placed at set-up). */
  readonly cup: {
    readonly side: string;
    readonly count: number;
    readonly drawn: { readonly die: 'd6' | 'd66' | 'd3'; readonly plus: number };
    readonly key: string;
  } | null;
  /**
   * Hidden pieces placed face down at set-up, and where they may go: `count` of the army's pieces
   * not in the cup (Horus), and `fromCup` more drawn at random from the cup at set-up (the set-up's
   * `drawnFromCup`).
   */
  readonly setup: { readonly side: string; readonly count: number; readonly fromCup: number; readonly zones: readonly string[]; readonly key: string } | null;
  /** Whether a side's drawn pieces teleport one by one (`unit`) or together (`group`). */
  readonly teleportBy: { readonly [side: string]: 'group' | 'unit' };
  /** The order a side's battle phase fights its battles in (the phase's `battleOrder`). */
  readonly battleOrder: { readonly [side: string]: BattleOrder };
  readonly teleport: {
    readonly entries: readonly TeleportEntry[];
    readonly effects: readonly (readonly DeepReadonly<Effect>[])[];
    readonly keys: readonly string[];
    /** Areas a chosen teleport (66) may not pick. */
    readonly excluded: readonly string[];
  };
  readonly combat: CombatTable;
  /** Each result code's record: its rule key and effects. */
  readonly results: { readonly [code: string]: { readonly key: string; readonly effects: readonly DeepReadonly<Effect>[] } };
  /** What the interpreter fires, in the pack's order. */
  readonly rules: readonly RuleSource[];
  /**
   * The hidden side's rules that let it turn one of its face-down pieces face up at the start of its
   * turn (Horus: "the Treasonous player can ... reveal Horus at the beginning of anyone of his
   * turns"): a rule of the piece's record triggered by `turn-starts` in its own side's turn. The
   * procedure offers the reveal then (a piece face down holds no rules of its own to fire).
   */
  readonly revealAtWill: readonly { readonly record: string; readonly key: string }[];
  /** The scenario's victory conditions, each with its rule key (victory.ts plays them). */
  readonly victory: readonly Victory[];
  /** The odds rule's key, which each combat roll's line names. */
  readonly keys: { readonly combat: string };
}

type R<T> = DeepReadonly<T>;

/** The order of a phase's battles: by area number, lowest or highest first, or as they were made. */
export type BattleOrder = NonNullable<WarmasterRecords['phase']['battleOrder']>;

/** A victory condition as the engine plays it (victory.ts). */
export type Victory =
  | { readonly key: string; readonly condition: 'destroy-all-enemy' }
  | { readonly key: string; readonly condition: 'destroy-units'; readonly units: readonly string[]; readonly winner: string }
  | { readonly key: string; readonly condition: 'turn-limit'; readonly turns: number; readonly winner: string };

function kind<K extends keyof WarmasterRecords>(content: WarmasterContent, k: K): ById<WarmasterRecords[K]> {
  return recordsOfKind(typedContent<WarmasterRecords>(content), k);
}

function need<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined)
    throw new WarmasterContentError(`Warmaster cannot be played: ${what} is not set (the rule text leaves it open; a layer entry must set it).`);
  return value;
}

/** The rules read from `content` for a scenario (the first when none is named), compiled once. */
export const warmasterRules = compiledPerScenario(compile);

function compile(content: WarmasterContent, scenarioId: string | undefined): WarmasterRules {
  const sides = content.pack.sides.map((s) => s.id);
  if (sides.length !== 2) throw new WarmasterContentError(`Warmaster is for 2 sides; the manifest names ${sides.length}.`);
  const scenarios = kind(content, 'scenario');
  const scenario = scenarioId !== undefined ? scenarios[scenarioId] : Object.values(scenarios).sort((a, b) => (a.id < b.id ? -1 : 1))[0];
  if (scenario === undefined) throw new WarmasterContentError(`The pack has no scenario ${scenarioId ?? ''}.`.replace(' .', '.'));
  const first = need(scenario.first, `scenario ${scenario.id} /first`);

  const phaseRecs = Object.values(kind(content, 'phase')).sort((a, b) => a.order - b.order);
  const phases: PhaseInfo[] = phaseRecs.map((p) => {
    const ofSide = phaseRecs.filter((q) => q.side === p.side);
    const step = STEPS[ofSide.indexOf(p)];
    if (step === undefined) throw new WarmasterContentError(`phase ${p.id}: side ${p.side} has more than three phases.`);
    return { id: p.id, side: p.side, step, key: `phase/${p.id}` };
  });
  if (phases[0]?.side !== first) throw new WarmasterContentError(`The first phase (${phases[0]?.id}) is not the first side's (${first}).`);

  const shipAreas = kind(content, 'ship-area');
  const numbered = Object.values(shipAreas)
    .filter((a) => a.category === 'numbered')
    .sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
  const areas: AreaInfo[] = numbered.map((a) => ({
    id: a.id,
    number: need(a.number, `ship-area ${a.id} /number`),
    neighbours: [...need(a.connections, `ship-area ${a.id} /connections`)],
    special: a.special ?? null,
  }));
  const areaOf = (special: string): string | null => areas.find((a) => a.special === special)?.id ?? null;
  const bridgeRec = Object.values(shipAreas).find((s) => s.control !== undefined);
  const bridgeArea = bridgeRec ? areaOf(bridgeRec.id) : null;
  const bridge: BridgeInfo | null =
    bridgeRec?.control && bridgeArea ? { area: bridgeArea, initial: bridgeRec.control.initial, key: `ship-area/${bridgeRec.id}/control` } : null;

  const pieces: { [record: string]: PieceInfo } = {};
  for (const u of Object.values(kind(content, 'unit')))
    pieces[u.id] = { record: u.id, name: u.name ?? u.id, side: u.side, kind: 'unit', attack: u.attack, defence: u.defence, traits: u.traits ?? [] };
  for (const u of Object.values(kind(content, 'special-unit')))
    pieces[u.id] = { record: u.id, name: u.name, side: u.side, kind: 'special-unit', attack: u.attack, defence: u.defence, traits: u.traits ?? [] };
  for (const c of Object.values(kind(content, 'card')))
    pieces[c.id] = { record: c.id, name: c.name, side: c.side, kind: 'card', attack: c.attack, defence: c.defence, traits: ['card'] };

  const armies = armiesOf(scenario, pieces);
  const units: UnitInit[] = [];
  const groups: Group[] = [];
  let cup: WarmasterRules['cup'] = null;
  let setup: WarmasterRules['setup'] = null;
  let hidden: WarmasterRules['hidden'] = null;
  const teleportBy: { [side: string]: 'group' | 'unit' } = {};
  const battleOrder: { [side: string]: BattleOrder } = {};
  for (const p of phaseRecs) if (phases.find((q) => q.id === p.id)!.step === 'battle') battleOrder[p.side] = need(p.battleOrder, `phase ${p.id} /battleOrder`);
  for (const [i, side] of sides.entries()) {
    const phase = phaseRecs.find((p) => p.side === side && phases.find((q) => q.id === p.id)!.step === 'reinforcements');
    if (phase === undefined) throw new WarmasterContentError(`side ${side} has no reinforcements phase.`);
    teleportBy[side] = need(phase.teleportBy, `phase ${phase.id} /teleportBy`);
    const army = armies[side] ?? [];
    if (phase.cup === undefined) {
      // A side that teleports its army in groups: each piece named by its record (nothing is hidden).
      const byRecord = instances(army);
      units.push(...byRecord.map((p) => ({ ...unitOf(pieces[p.record]!, p.id), side })));
      const left = [...byRecord];
      const start = groups.length;
      for (const [g, group] of need(phase.groups, `phase ${phase.id} /groups (or /cup, for a side that draws its army from a cup)`).entries()) {
        const ids: string[] = [];
        for (const { unit, count } of group.pieces)
          for (let n = 0; n < count; n++) {
            const at = left.findIndex((p) => p.record === unit);
            if (at < 0) throw new WarmasterContentError(`phase ${phase.id} /groups/${g}: more ${unit} than the ${side} army holds.`);
            ids.push(left.splice(at, 1)[0]!.id);
          }
        groups.push({ side, pieces: ids });
      }
      // "The group of units that are with the Emperor must be first that teleport": the side's set-up
      // names the units whose groups go first (in its order), whatever order the groups are listed in.
      const firstUnits: readonly string[] = scenario.sides[i]?.setup?.firstUnits ?? [];
      const recordOf = new Map(byRecord.map((p) => [p.id, p.record]));
      const rank = (g: Group) => {
        const at = g.pieces.map((id) => firstUnits.indexOf(recordOf.get(id)!)).filter((n) => n >= 0);
        return at.length > 0 ? Math.min(...at) : firstUnits.length;
      };
      const own = groups.splice(start);
      groups.push(
        ...own
          .map((g, n) => ({ g, n }))
          .sort((a, b) => rank(a.g) - rank(b.g) || a.n - b.n)
          .map((x) => x.g),
      );
      if (left.length > 0)
        throw new WarmasterContentError(`phase ${phase.id} /groups: ${left.map((p) => p.id).join(', ')} of the ${side} army is in no group.`);
      if ((scenario.sides[i]?.setup?.drawnFromCup ?? 0) > 0)
        throw new WarmasterContentError(
          `scenario ${scenario.id} /sides/${i}/setup/drawnFromCup: side ${side} has no cup to draw from (phase ${phase.id} /cup).`,
        );
      continue;
    }
    // A side that draws from a cup: its pieces are hidden, so they are numbered and dealt their records at set-up.
    const inCup = need(phase.cup, `phase ${phase.id} /cup`);
    const cupRecords = inCup.flatMap(({ unit, count }) => Array.from({ length: count }, () => unit));
    const rest = army.flatMap(({ unit, count }) => Array.from({ length: count }, () => unit));
    for (const r of cupRecords) {
      const at = rest.indexOf(r);
      if (at >= 0) rest.splice(at, 1);
      else if (pieces[r]?.kind !== 'card') throw new WarmasterContentError(`phase ${phase.id} /cup: more ${r} than the ${side} army holds.`);
    }
    const records = [...rest, ...cupRecords];
    const ids = records.map((_, n) => `${side}-${n + 1}`);
    for (const id of ids) units.push({ id, side, name: 'face-down piece', stats: {} });
    hidden = { side, ids, records };
    const drawn = need(phase.unitsDrawn, `phase ${phase.id} /unitsDrawn`);
    if (drawn.die === 'rng') throw new WarmasterContentError(`phase ${phase.id} /unitsDrawn: the die must be rolled, not rng.`);
    cup = { side, count: cupRecords.length, drawn: { die: drawn.die, plus: drawn.plus }, key: `phase/${phase.id}` };
    const fromCup = scenario.sides[i]?.setup?.drawnFromCup ?? 0;
    if (fromCup > cupRecords.length)
      throw new WarmasterContentError(
        `scenario ${scenario.id} /sides/${i}/setup/drawnFromCup: ${fromCup} pieces drawn from the cup at set-up, but the cup (phase ${phase.id} /cup) holds ${cupRecords.length}.`,
      );
    if (rest.length + fromCup > 0) {
      const zones = need(scenario.sides[i]?.setup?.zones, `scenario ${scenario.id} /sides/${i}/setup/zones`);
      setup = { side, count: rest.length, fromCup, zones: [...zones], key: `scenario/${scenario.id}#/sides/${i}/setup` };
    }
  }

  const tables = warmasterTables(content as unknown as WarmasterTablesContent);
  const teleportRec = Object.values(kind(content, 'teleport-table'))[0];
  if (teleportRec === undefined) throw new WarmasterContentError('The pack has no teleport table.');
  const entries = tables.teleportTable(teleportRec.id);
  const excluded = teleportRec.entries.flatMap((e) => e.extension.excludedAreas ?? []).flatMap((s) => (areaOf(s) ? [areaOf(s)!] : shipAreas[s] ? [] : [s]));
  const combat = tables.combatTable();
  const results: { [code: string]: { key: string; effects: readonly R<Effect>[] } } = {};
  for (const r of Object.values(kind(content, 'combat-result')))
    results[r.code] = { key: `combat-result/${r.id}`, effects: need(r.effects, `combat-result ${r.id} /effects`) as readonly R<Effect>[] };

  const victory = (scenario.victory ?? []).map((v, n): Victory => {
    const key = `scenario/${scenario.id}#/victory/${n}`;
    const where = `scenario ${scenario.id} /victory/${n}`;
    switch (v.condition) {
      case 'destroy-all-enemy':
        return { key, condition: 'destroy-all-enemy' };
      case 'destroy-units': {
        const units = need(v.units, `${where}/units`);
        const owners = new Set(units.map((u) => pieces[u]?.side));
        if (units.length === 0 || owners.size !== 1 || owners.has(undefined))
          throw new WarmasterContentError(`${where}: destroy-units names units of one side, each a unit of the pack (${units.join(', ')}).`);
        const loser = [...owners][0]!;
        return { key, condition: 'destroy-units', units, winner: sides.find((x) => x !== loser)! };
      }
      case 'turn-limit':
        return { key, condition: 'turn-limit', turns: need(v.turns, `${where}/turns`), winner: need(v.winner, `${where}/winner`) };
      default:
        throw new WarmasterContentError(`${where}: the game plays no ${v.condition} victory (it plays destroy-all-enemy, destroy-units and turn-limit).`);
    }
  });

  return {
    pack: content.pack.id,
    scenario: scenario.id,
    sides: [sides[0]!, sides[1]!],
    first,
    phases,
    areas,
    area: new Map(areas.map((a) => [a.id, a])),
    byNumber: new Map(areas.map((a) => [a.number, a.id])),
    bridge,
    pieces,
    cards: Object.fromEntries(Object.values(kind(content, 'card')).map((c) => [c.id, c.effects as readonly R<Effect>[]])),
    units,
    hidden,
    groups,
    cup,
    setup,
    teleportBy,
    battleOrder,
    teleport: {
      entries,
      effects: teleportRec.entries.map((e) => e.effects as readonly R<Effect>[]),
      keys: teleportRec.entries.map((_, i) => `teleport-table/${teleportRec.id}#/entries/${i}`),
      excluded,
    },
    combat,
    results,
    rules: rulesOf(content, areas),
    revealAtWill: Object.values(kind(content, 'special-unit')).flatMap((u) =>
      hidden?.records.includes(u.id)
        ? u.abilities.flatMap((rule, i) =>
            rule.when?.event === 'turn-starts' && rule.when.whose === 'friendly'
              ? [{ record: u.id, key: `special-unit/${u.id}/${rule.id ?? `#/abilities/${i}`}` }]
              : [],
          )
        : [],
    ),
    victory,
    keys: { combat: `combat-table/${combat.id}#/extension/oddsRule` },
  };
}

/** Each side's army as the scenario lists it: record and count. */
function armiesOf(scenario: R<WarmasterRecords['scenario']>, pieces: { readonly [record: string]: PieceInfo }) {
  const out: { [side: string]: { unit: string; count: number }[] } = {};
  scenario.sides.forEach((s, i) => {
    const list = need(s.army?.units, `scenario ${scenario.id} /sides/${i}/army/units`);
    for (const { unit } of list) if (pieces[unit] === undefined) throw new WarmasterContentError(`scenario ${scenario.id}: no piece ${unit}.`);
    out[s.side] = list.map((u) => ({ unit: u.unit, count: u.count }));
  });
  return out;
}

/** Instances of an army's records: the record's id when the army has one of it, else `<record>-<n>`. */
function instances(army: readonly { readonly unit: string; readonly count: number }[]): { id: string; record: string }[] {
  return army.flatMap(({ unit, count }) => Array.from({ length: count }, (_, n) => ({ id: count === 1 ? unit : `${unit}-${n + 1}`, record: unit })));
}

/** A piece as the core state holds it: attack as `as`, defence as `ds` (a `cs` change affects both). */
export function unitOf(piece: PieceInfo, id: string): Omit<UnitInit, 'side'> {
  return { id, record: piece.record, name: piece.name, stats: { as: piece.attack, ds: piece.defence }, traits: piece.traits };
}

/**
 * The rules the interpreter fires: every special unit's abilities and every card's rules (held by
 * the pieces of that record), and the special areas' rules, held by the numbered area that is that
 * special area (a condition area's, such as the destroyed areas', by every numbered area). Rules
 * whose effects are all `manual` play nothing and are left out; coverage reports them as manual.
 */
function rulesOf(content: WarmasterContent, areas: readonly AreaInfo[]): RuleSource[] {
  const playable = (rule: R<Rule>): boolean => rule.do.some((e) => e.kind !== 'manual');
  const out: RuleSource[] = pieceRules({ cards: kind(content, 'card'), units: kind(content, 'special-unit') }).filter((r) => playable(r.rule));
  for (const area of Object.values(kind(content, 'ship-area'))) {
    if (area.category === 'numbered') continue;
    const places = area.category === 'special' ? areas.filter((a) => a.special === area.id) : areas;
    (area.rules ?? []).forEach((rule, i) => {
      if (!playable(rule as R<Rule>)) return;
      const key = `ship-area/${area.id}/${rule.id ?? `#/rules/${i}`}`;
      for (const p of places) out.push({ key, rule: rule as R<Rule>, holder: { place: p.id } });
    });
  }
  return out;
}
