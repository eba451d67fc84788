// The content Warchon is played from, compiled once per content object: the spreads in number
// order with their neighbours and paths, the units' faces, the scenario's armies and set-up spreads,
// the rules the interpreter fires (spread rules, unit abilities, trait rules, scenario rules) with
// their keys, the events tables, the result records and the rulings the procedure reads. Every
// value comes from a record; a value the pack leaves open is a content error naming the field.
import type { DeepReadonly } from '../../../generated/types/readonly.js';
import type { Rule } from '../../../generated/types/common/defs.js';
import type { Effect } from '../../../generated/types/common/effect.js';
import type { Condition } from '../../../generated/types/common/defs.js';
import type { RandomEvent } from '../../../generated/types/warchon/spread.js';
import type { RuleSource } from '../core/rules/ruleset.js';
import { warchonTables, type WarchonTables } from './tables.js';
import { compiledPerScenario, recordsOfKind, typedContent, type ById, type LoadedPack } from '../core/content-of.js';
import type { WarchonRecords } from './records.js';

/** The content the game takes: a pack's manifest, records and layer origins (a PackContent; content-of.ts types its records). */
export type WarchonContent = LoadedPack;

export class WarchonContentError extends Error {}

export interface Face {
  readonly hits: number;
  readonly size: number;
  readonly movement: number;
  readonly as: number;
  readonly ds: number;
}

export interface UnitInfo {
  readonly id: string;
  readonly name: string;
  /** Traits and descriptors (filters match both as traits). */
  readonly traits: readonly string[];
  /** Faces from full strength down; a face's stats apply while the unit has its Hits left. */
  readonly faces: readonly Face[];
}

export interface SpreadInfo {
  readonly id: string;
  readonly number: number;
  readonly name: string;
  readonly capacity: number;
  /** Spreads one step away: number - 1, number + 1, and the spread's paths. */
  readonly neighbours: readonly string[];
  /**
   * The same spreads in the same order, each with its index in `spreads` (`at`) and the Movement the
   * step costs: 1 to the next number, rules core /movement/pathCost along a path (the less when both).
   */
  readonly steps: readonly { readonly to: string; readonly at: number; readonly cost: number }[];
  /** Terrain ids and the terrains' traits, lower-case (the `place` condition). */
  readonly traits: readonly string[];
  readonly events: readonly EventEntry[] | null;
}

export interface EventEntry {
  readonly key: string;
  readonly number: number;
  readonly name: string;
  readonly if: DeepReadonly<Condition> | null;
  readonly effects: readonly DeepReadonly<Effect>[];
}

export interface ArmyBuild {
  readonly side: string;
  readonly points: number;
  readonly distinctOnce: boolean;
  readonly offer: readonly { readonly record: string; readonly points: number; readonly distinct: boolean }[];
  /** The budget's rule key, for the log: `scenario/<id>#/sides/<i>/army/budget`. */
  readonly key: string;
}

export interface ResultInfo {
  readonly key: string;
  readonly effects: readonly DeepReadonly<Effect>[];
}

export interface WarchonRules {
  readonly pack: string;
  readonly sides: readonly [string, string];
  readonly scenario: string;
  readonly first: string;
  /** Sides in the order they set up (the scenario's order: Azuthka first). */
  readonly setupOrder: readonly string[];
  readonly spreads: readonly SpreadInfo[];
  readonly spread: ReadonlyMap<string, SpreadInfo>;
  readonly units: { readonly [record: string]: UnitInfo };
  /** Each side's army: instance id and unit record, in the scenario's order (empty for a side that builds its army). */
  readonly armies: { readonly [side: string]: readonly { readonly id: string; readonly record: string }[] };
  /**
   * Sides that build their army from the scenario's points budget (a budget and no list of units),
   * in set-up order: the points, whether a Distinct unit may be bought once only, and the units on
   * offer, those of the side's own set of playmarks ("Each player selects one of the two sets of
   * colored playmarks"; a unit's `side`) with a printed Point Value and every stat, by id.
   */
  readonly builds: readonly ArmyBuild[];
  readonly zones: { readonly [side: string]: readonly string[] };
  /** What the interpreter fires, in the pack's order. */
  readonly rules: readonly RuleSource[];
  readonly results: { readonly [form: string]: ResultInfo };
  readonly tables: WarchonTables;
  /** Ruling controlling-army: which army of a battle is the Controlling army. */
  readonly controlling: 'attacker' | 'defender';
  /** Ruling seen-units-stay-known: a unit seen in battle stays known (else only while it fights in the battle under way). */
  readonly seenStayKnown: boolean;
  /** Ruling mutual-destruction-draw: how a game ends when both armies are destroyed at once. */
  readonly mutualDestruction: 'draw' | 'attacker';
  /** The fingers a player may show (rules/core /rng/fingers). */
  readonly fingers: { readonly min: number; readonly max: number };
  /** Random Events per location per turn (rules/core /events/perLocationPerTurn). */
  readonly eventsPerTurn: number;
  /** Whether a unit stops on entering a spread holding an enemy (rules/core /movement/stopOnEnemy). */
  readonly stopOnEnemy: boolean;
  /** The traits whose units move directly: those with a rule holding `move-directly` (trait/aerial/flies). */
  readonly directTraits: readonly string[];
  /** The trait whose units count against Capacity apart from the others (rules/core /capacity/separateTrait), or null when all count together (/capacity/aerialSeparate false). */
  readonly capacityApart: string | null;
  /** The RNG matrix axis the Attacker's fingers pick (rules/core /rng/attackerReads); the Defender's pick the other. */
  readonly attackerReads: 'columns' | 'rows';
  /** Differentials beyond plus or minus this are looked up as it (rules/core /combat/clamp). */
  readonly clamp: number;
  readonly victory: readonly { readonly rule: string; readonly text: string }[];
  /** Rule keys the procedure's own events name. */
  readonly keys: {
    readonly place: string;
    readonly movement: string;
    readonly capacity: string;
    readonly rng: string;
    readonly combat: string;
    readonly events: string;
    readonly damage: string;
    readonly turn: string;
  };
}

/** The descriptor that allows one copy per army (descriptor/distinct), and the two traits no unit starts with together (trait/nether). */
export const DISTINCT = 'distinct';
export const EXCLUSIVE_TRAITS = ['nether', 'purity'] as const;

/**
 * A unit an army may field: "you may have only one copy of any one 'Distinct' unit in an army"
 * (unless the scenario's budget says otherwise), and "No unit will start off with both Nether and
 * Purity". Either broken is a content error naming the scenario and the unit.
 */
function checkArmyUnit(scenario: string, side: string, unit: UnitInfo, count: number, distinctOnce: boolean): void {
  if (distinctOnce && count > 1 && unit.traits.includes(DISTINCT)) {
    throw new WarchonContentError(`scenario ${scenario}: the ${side} army holds ${count} copies of ${unit.id}, which is Distinct (one copy at most per army).`);
  }
  if (EXCLUSIVE_TRAITS.every((t) => unit.traits.includes(t))) {
    throw new WarchonContentError(`scenario ${scenario}: ${unit.id} of the ${side} army has both Nether and Purity; no unit starts off with both.`);
  }
}

type R<T> = DeepReadonly<T>;

/**
 * Ruling halved-rounding (rules core /halvedRounding) is how every halved value is rounded; an effect
 * that halves (modify-strength, multiply by 0.5) carries its rounding itself, so the two must agree,
 * or the reference sheet would print one rounding and play another. Either differs: a content error.
 */
function checkHalving(rounding: string | null, sources: readonly { readonly key: string; readonly value: unknown }[]): void {
  const visit = (key: string, node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const x of node) visit(key, x);
      return;
    }
    const o = node as { readonly [k: string]: unknown };
    if (o.kind === 'modify-strength' && o.op === 'multiply' && o.value === 0.5 && (o.rounding ?? null) !== rounding) {
      throw new WarchonContentError(
        `${key}: an effect halves with rounding ${String(o.rounding ?? 'none')}, but the core rules round halved values ${rounding ?? '(not set)'} (rules core /halvedRounding); give both the same rounding.`,
      );
    }
    for (const v of Object.values(o)) visit(key, v);
  };
  for (const { key, value } of sources) visit(key, value);
}

/** The records of one of the game's kinds, typed by its generated type; empty when the pack lacks the kind. */
function kind<K extends keyof WarchonRecords>(content: WarchonContent, k: K): ById<WarchonRecords[K]> {
  return recordsOfKind(typedContent<WarchonRecords>(content), k);
}

function need<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined)
    throw new WarchonContentError(`Warchon cannot be played: ${what} is not set (the rule text leaves it open; a layer entry must set it).`);
  return value;
}

/** A rule's key, as coverage names it: `<kind>/<record>/<rule id>` or `<kind>/<record>#<pointer>`. */
function ruleKey(k: string, record: string, rule: { readonly id?: string }, pointer: string): string {
  return rule.id !== undefined ? `${k}/${record}/${rule.id}` : `${k}/${record}#${pointer}`;
}

/** The rules read from `content` for a scenario (the first when none is named), compiled once. */
export function warchonRules(content: WarchonContent, scenarioId?: string): WarchonRules {
  // Asked at every listing and every play: the last answer first.
  if (last !== null && last.content === content && last.scenarioId === scenarioId) return last.rules;
  const rules = compiledRules(content, scenarioId);
  last = { content, scenarioId, rules };
  return rules;
}

let last: { readonly content: WarchonContent; readonly scenarioId: string | undefined; readonly rules: WarchonRules } | null = null;

const compiledRules = compiledPerScenario(compile);

function compile(content: WarchonContent, scenarioId: string | undefined): WarchonRules {
  const sides = content.pack.sides.map((s) => s.id);
  if (sides.length !== 2) throw new WarchonContentError(`Warchon is for 2 sides; the manifest names ${sides.length}.`);
  const core = need(Object.values(kind(content, 'rules'))[0], 'the core rules record');
  const terrains = kind(content, 'terrain');
  const spreadRecs = Object.values(kind(content, 'spread')).sort((a, b) => a.number - b.number || (a.id < b.id ? -1 : 1));
  const byNumber = new Map(spreadRecs.map((s) => [s.number, s.id]));
  const pathCost = core.movement.pathCost;
  const index = new Map(spreadRecs.map((s, i) => [s.id, i]));
  const rules: RuleSource[] = [];
  const spreads: SpreadInfo[] = spreadRecs.map((s) => {
    const neighbours = [byNumber.get(s.number - 1), byNumber.get(s.number + 1), ...s.paths].filter((n): n is string => n !== undefined && n !== s.id);
    const traits = s.terrains.flatMap((t) => [t, ...(terrains[t]?.traits ?? [])]).map((t) => t.toLowerCase());
    s.specialRules.forEach((rule, i) =>
      rules.push({ key: ruleKey('spread', s.id, rule, `/specialRules/${i}`), rule: rule as R<Rule>, holder: { place: s.id } }),
    );
    // An entry's key is where it sits, as coverage and the engine's maps name it: one key for the
    // rule in coverage and in game logs (coverage-fires.test.ts reads the logs by it).
    const entries: readonly DeepReadonly<RandomEvent>[] | undefined = s.events?.entries;
    const events =
      entries?.map((e, i) => ({
        key: `spread/${s.id}#/events/entries/${i}`,
        number: e.roll,
        name: e.name,
        if: (e.extension?.if ?? null) as R<Condition> | null,
        effects: e.effects as readonly R<Effect>[],
      })) ?? null;
    const sequential = new Set([byNumber.get(s.number - 1), byNumber.get(s.number + 1)]);
    const unique = [...new Set(neighbours)];
    return {
      id: s.id,
      number: s.number,
      name: s.name,
      capacity: need(s.capacity, `spread ${s.id} /capacity`),
      neighbours: unique,
      steps: unique.map((to) => ({
        to,
        at: index.get(to)!,
        cost: Math.min(sequential.has(to) ? 1 : Infinity, s.paths.includes(to) ? pathCost : Infinity),
      })),
      traits: [...new Set(traits)],
      events,
    };
  });

  const units: Record<string, UnitInfo> = {};
  for (const u of Object.values(kind(content, 'unit'))) {
    const faces = u.faces.flatMap((f) =>
      f.hits !== null && f.size !== null && f.movement !== null && f.as !== null && f.ds !== null
        ? [{ hits: f.hits, size: f.size, movement: f.movement, as: f.as, ds: f.ds }]
        : [],
    );
    units[u.id] = { id: u.id, name: u.name, traits: [...(u.traits ?? []), ...(u.descriptors ?? [])].map((t) => t.toLowerCase()), faces };
    (u.specialAbilities ?? []).forEach((rule, i) =>
      rules.push({ key: ruleKey('unit', u.id, rule, `/specialAbilities/${i}`), rule: rule as R<Rule>, holder: { record: u.id } }),
    );
  }
  const traits = kind(content, 'trait');
  const directTraits: string[] = [];
  for (const t of Object.values(traits)) {
    t.rules.forEach((rule, i) => rules.push({ key: ruleKey('trait', t.id, rule, `/rules/${i}`), rule: rule as R<Rule>, holder: { trait: t.id } }));
    // A way of moving the movement reads: it holds for every unit with the trait, always.
    for (const [i, rule] of t.rules.entries()) {
      if (!rule.do.some((e) => e.kind === 'move-directly')) continue;
      if (rule.when !== undefined || rule.if !== undefined)
        throw new WarchonContentError(`trait ${t.id} /rules/${i}: Warchon reads move-directly only from a trait's rule without \`when\` or \`if\`.`);
      directTraits.push(t.id.toLowerCase());
    }
  }

  const scenarios = kind(content, 'scenario');
  const scenario = need(scenarioId !== undefined ? scenarios[scenarioId] : Object.values(scenarios)[0], `the scenario ${scenarioId ?? ''}`);
  (scenario.specialRules ?? []).forEach((rule, i) => {
    rules.push({ key: ruleKey('scenario', scenario.id, rule, `/specialRules/${i}`), rule: rule as R<Rule>, holder: { side: null } });
  });

  const armies: Record<string, { id: string; record: string }[]> = {};
  const zones: Record<string, string[]> = {};
  const unitRecs = kind(content, 'unit');
  const builds: ArmyBuild[] = [];
  for (const [i, s] of scenario.sides.entries()) {
    const build = s.army.budget;
    if (build !== undefined && (s.army.units ?? []).length === 0) {
      const offer = Object.values(unitRecs)
        .filter((u) => u.side === s.side && typeof u.points === 'number' && units[u.id]!.faces.length > 0)
        .map((u) => {
          const unit = units[u.id]!;
          checkArmyUnit(scenario.id, s.side, unit, 1, true);
          return { record: u.id, points: u.points as number, distinct: unit.traits.includes(DISTINCT) };
        })
        .sort((a, b) => (a.record < b.record ? -1 : 1));
      builds.push({
        side: s.side,
        points: build.points,
        distinctOnce: build.distinctOnce !== false,
        offer,
        key: `scenario/${scenario.id}#/sides/${i}/army/budget`,
      });
    }
    let points = 0;
    let priced = true;
    armies[s.side] = (s.army.units ?? []).flatMap((u) => {
      const unit = need(units[u.unit], `unit ${u.unit} of scenario ${scenario.id}`);
      need(unit.faces[0], `unit ${u.unit} /faces/0 (every stat)`);
      checkArmyUnit(scenario.id, s.side, unit, u.count, s.army.budget?.distinctOnce !== false);
      const cost = unitRecs[u.unit]?.points;
      if (typeof cost === 'number') points += cost * u.count;
      else priced = false;
      return Array.from({ length: u.count }, (_, n) => ({ id: u.count === 1 ? u.unit : `${u.unit}-${n + 1}`, record: u.unit }));
    });
    const budget = s.army.budget?.points;
    if (typeof budget === 'number' && priced && points > budget) {
      throw new WarchonContentError(`scenario ${scenario.id}: the ${s.side} army costs ${points} points, over its budget of ${budget}.`);
    }
    zones[s.side] = [...need(s.setup.zones, `scenario ${scenario.id} side ${s.side} /setup/zones`)];
  }
  for (const s of sides) if (!armies[s]) throw new WarchonContentError(`scenario ${scenario.id} has no side ${s}`);

  const results: Record<string, ResultInfo> = {};
  for (const r of Object.values(kind(content, 'result'))) results[r.id] = { key: `result/${r.id}`, effects: r.effects as readonly R<Effect>[] };

  const victory = need(scenario.victory, `scenario ${scenario.id} /victory`).map((v, i) => {
    if (v.condition !== 'destroy-all-enemy') throw new WarchonContentError(`scenario ${scenario.id}: the game plays no ${v.condition} victory`);
    return { rule: `scenario/${scenario.id}#/victory/${i}`, text: v.text };
  });
  const coreKey = `rules/${core.id}#`;
  const elsewhere = rules.find((r) => !('trait' in r.holder) && r.rule.do.some((e) => e.kind === 'move-directly'));
  if (elsewhere !== undefined) throw new WarchonContentError(`${elsewhere.key}: Warchon reads move-directly only from a trait's rules.`);
  const separate = core.capacity.separateTrait;
  if (traits[separate] === undefined) throw new WarchonContentError(`rules ${core.id} /capacity/separateTrait: the pack has no trait ${separate}.`);
  // Ruling retreat-destination: where a unit that must retreat goes (hooks.ts plays the one destination the schema allows).
  need(core.retreat, 'rules core /retreat');
  checkHalving(core.halvedRounding, [
    ...rules.map((r) => ({ key: r.key, value: r.rule as unknown })),
    ...spreads.flatMap((s) => (s.events ?? []).map((e) => ({ key: e.key, value: e.effects as unknown }))),
    ...Object.values(results).map((r) => ({ key: r.key, value: r.effects as unknown })),
  ]);
  if (core.rng.attackerReads === core.rng.defenderReads)
    throw new WarchonContentError(
      `rules ${core.id} /rng: the Attacker and the Defender both read the ${core.rng.attackerReads}; each reads one axis of the matrix.`,
    );
  return {
    pack: content.pack.id,
    sides: [sides[0]!, sides[1]!],
    scenario: scenario.id,
    first: need(scenario.first, `scenario ${scenario.id} /first`),
    setupOrder: scenario.sides.map((s) => s.side),
    spreads,
    spread: new Map(spreads.map((s) => [s.id, s])),
    units,
    armies,
    builds,
    zones,
    rules,
    results,
    tables: warchonTables(typedContent<WarchonRecords>(content)),
    controlling: need(core.controllingArmy, 'rules core /controllingArmy'),
    seenStayKnown: core.seenUnits === 'stay-known',
    mutualDestruction: need(core.mutualDestruction, 'rules core /mutualDestruction'),
    fingers: { min: need(core.rng.fingers.min, 'rules core /rng/fingers/min'), max: need(core.rng.fingers.max, 'rules core /rng/fingers/max') },
    eventsPerTurn: core.events.perLocationPerTurn,
    stopOnEnemy: core.movement.stopOnEnemy,
    directTraits,
    capacityApart: core.capacity.aerialSeparate ? separate.toLowerCase() : null,
    attackerReads: core.rng.attackerReads,
    clamp: core.combat.clamp,
    victory,
    keys: {
      place: `scenario/${scenario.id}#/sides`,
      movement: `${coreKey}/movement`,
      capacity: `${coreKey}/capacity`,
      rng: `${coreKey}/rng`,
      combat: `${coreKey}/combat`,
      events: `${coreKey}/events`,
      damage: `${coreKey}/damage`,
      turn: `${coreKey}/turn`,
    },
  };
}
