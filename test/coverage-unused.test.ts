// The rules Warchon's engine says nothing in the text can set off (WARCHON_RULES_UNUSED) are
// reported as `unused`, and those it plays only on test content (WARCHON_RULES_ON_TEST_CONTENT) as
// `runs on test content`, never as running. Each such claim is checked here against the effective
// content (base plus layers), the way the engine reads it (src/engine/warchon/content.ts: a unit's
// traits are its traits and descriptors, a spread's are its terrains and their traits, all
// lower-cased), so that a designer who adds a Berserk unit or a Frigid terrain makes this fail
// until the rule moves to WARCHON_RULES_RUN (test/coverage-fires.test.ts then finds it firing).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EffectiveRecord, Json } from '../src/content/model.js';
import { validate } from '../src/content/validate.js';
import { WARCHON_RULES_ON_TEST_CONTENT, WARCHON_RULES_UNUSED } from '../src/engine/warchon/rules-run.js';
import { repoRoot } from './helpers.js';
import { sourceText } from './source-text.js';

const pack = validate([path.join(repoRoot, 'content/warchon')], { cwd: repoRoot }).packs[0]!;
const records = (kind: string): readonly EffectiveRecord[] => pack.records.get(kind) ?? [];

/** The strings of a list field, lower-cased; none when the field is null or absent. */
function names(value: Json | undefined): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').map((v) => v.toLowerCase()) : [];
}

/** Each unit with the traits a filter matches: its traits and its descriptors. */
function unitTraits(): { id: string; traits: string[] }[] {
  return records('unit').map((u) => ({ id: u.id, traits: [...names(u.data.traits), ...names(u.data.descriptors)] }));
}

/** Each spread with the traits the `place` condition matches: its terrains' ids and their traits. */
function spreadTraits(): { id: string; traits: string[] }[] {
  const terrains = new Map(records('terrain').map((t) => [t.id.toLowerCase(), names(t.data.traits)]));
  return records('spread').map((s) => ({ id: s.id, traits: names(s.data.terrains).flatMap((t) => [t, ...(terrains.get(t) ?? [])]) }));
}

function holders(list: { id: string; traits: string[] }[], trait: string): string[] {
  return list.filter((h) => h.traits.includes(trait)).map((h) => h.id);
}

const BECOMES_PLAYABLE = 'the content now sets this rule off: play it in a test and move it from WARCHON_RULES_UNUSED to WARCHON_RULES_RUN';

/** The keys whose claim a test below checks. */
const CHECKED = ['spread/akibatu/berserk-triple', 'trait/frigid', 'trait/magical', 'scenario/demo#/specialRules/0'];

describe('Warchon rules the text never sets off', () => {
  it('every rule Warchon calls unused has its claim checked against the content here', () => {
    expect(Object.keys(WARCHON_RULES_UNUSED).sort()).toEqual([...CHECKED].sort());
  });

  it('the content is there to check: units, spreads and terrains are read', () => {
    expect(unitTraits().length).toBeGreaterThan(5);
    expect(spreadTraits().length).toBe(7);
    // The reading finds traits where the text has them (the Swarm is Nether, the river Aquatic).
    expect(holders(unitTraits(), 'nether')).toContain('baphite-swarm');
    expect(holders(spreadTraits(), 'aquatic')).toContain('dracosroar');
  });

  it("Akibatu's Berserk tripling: no unit has Berserk, so none can go berserk there", () => {
    expect(WARCHON_RULES_UNUSED['spread/akibatu/berserk-triple']).toMatch(/No unit of the text has Berserk/);
    expect(holders(unitTraits(), 'berserk'), BECOMES_PLAYABLE).toEqual([]);
  });

  it('Frigid: no unit has it, and no spread is Frigid (no terrain of a spread is or carries it)', () => {
    expect(WARCHON_RULES_UNUSED['trait/frigid']).toMatch(/No unit of the text has Frigid, and no spread is Frigid/);
    expect(holders(unitTraits(), 'frigid'), BECOMES_PLAYABLE).toEqual([]);
    expect(holders(spreadTraits(), 'frigid'), BECOMES_PLAYABLE).toEqual([]);
  });

  it('Magical: no unit has it, and no spread gives it', () => {
    expect(WARCHON_RULES_UNUSED['trait/magical']).toMatch(/No unit of the text has Magical/);
    expect(holders(unitTraits(), 'magical'), BECOMES_PLAYABLE).toEqual([]);
    expect(holders(spreadTraits(), 'magical'), BECOMES_PLAYABLE).toEqual([]);
  });

  it('Activation: the demo scenario says it is not used in the demo, and the pack has no other scenario', () => {
    expect(WARCHON_RULES_UNUSED['scenario/demo#/specialRules/0']).toMatch(/does not use Activation/);
    expect(records('scenario').map((s) => s.id)).toEqual(['demo']);
    const demo = records('scenario')[0]!.data;
    const rule = Array.isArray(demo.specialRules) ? demo.specialRules[0] : undefined;
    const text = rule !== null && typeof rule === 'object' && !Array.isArray(rule) && typeof rule.text === 'string' ? rule.text : '';
    expect(text).toMatch(/^Activation:/);
    expect(text).toMatch(/it is not used in this demo\.$/);
    // The same words in the rule text the pack transcribes (its excerpts in test/fixtures/source/).
    expect(sourceText('warchon')).toContain(text);
  });
});

const RUNS_NOW = 'the content now sets this rule off: move it from WARCHON_RULES_ON_TEST_CONTENT to WARCHON_RULES_RUN';
const why = (key: string): string => WARCHON_RULES_ON_TEST_CONTENT[key]?.why ?? '';

/** The units the demo's armies hold (its sides' `army.units`, else every unit of the side), by record id. */
function armyUnits(): string[] {
  const demo = records('scenario')[0]!.data;
  const sides = Array.isArray(demo.sides) ? demo.sides : [];
  return sides.flatMap((s) => {
    if (s === null || typeof s !== 'object' || Array.isArray(s) || s.army === null || typeof s.army !== 'object' || Array.isArray(s.army)) return [];
    const listed = Array.isArray(s.army.units)
      ? s.army.units.flatMap((u) => (u !== null && typeof u === 'object' && !Array.isArray(u) ? [String(u.unit)] : []))
      : [];
    return listed.length > 0
      ? listed
      : records('unit')
          .filter((u) => u.data.side === s.side)
          .map((u) => u.id);
  });
}

/** The keys whose claim a test below checks. */
const ON_TEST_CONTENT = [
  'trait/berserk/go-berserk',
  'descriptor/distinct',
  'trait/nether',
  'trait/purity',
  'spread/erdon-pass#/events/entries/0',
  'spread/irondale#/specialRules/0',
  'spread/xetti-bishum#/specialRules/0',
  'unit/baphite-swarm#/specialAbilities/0',
];

describe('Warchon rules played on test content only: what the pack lacks', () => {
  it('every rule Warchon plays on test content only has its claim checked here', () => {
    expect(Object.keys(WARCHON_RULES_ON_TEST_CONTENT).sort()).toEqual([...ON_TEST_CONTENT].sort());
  });

  it("the demo's armies are read: the Swarms and the Ogres, the War Angels, Crusaders and Paladins", () => {
    expect(armyUnits().sort()).toEqual(['baphite-swarm', 'celestine-crusaders', 'celestine-paladins', 'celestine-war-angels', 'deathknoll-ogres']);
  });

  it('Berserk, Distinct, Tactics, Construct: no unit of the text has them', () => {
    expect(why('trait/berserk/go-berserk')).toMatch(/No unit of the text has Berserk/);
    expect(holders(unitTraits(), 'berserk'), RUNS_NOW).toEqual([]);
    expect(why('descriptor/distinct')).toMatch(/No unit of the text is Distinct/);
    expect(holders(unitTraits(), 'distinct'), RUNS_NOW).toEqual([]);
    expect(why('spread/erdon-pass#/events/entries/0')).toMatch(/No unit of the text has Tactics/);
    expect(holders(unitTraits(), 'tactics'), RUNS_NOW).toEqual([]);
    expect(why('spread/irondale#/specialRules/0')).toMatch(/No unit of the text is a Construct/);
    expect(holders(unitTraits(), 'construct'), RUNS_NOW).toEqual([]);
  });

  it('Nether and Purity: units have one or the other, none both', () => {
    expect(why('trait/nether')).toMatch(/No unit of the text has both Nether and Purity/);
    expect(why('trait/purity')).toBe(why('trait/nether'));
    expect(holders(unitTraits(), 'nether').length).toBeGreaterThan(0);
    expect(holders(unitTraits(), 'purity').length).toBeGreaterThan(0);
    expect(
      holders(unitTraits(), 'nether').filter((id) => holders(unitTraits(), 'purity').includes(id)),
      RUNS_NOW,
    ).toEqual([]);
  });

  it('Goblin Assassins: no side and no stats, so in no army', () => {
    expect(why('spread/xetti-bishum#/specialRules/0')).toMatch(/Goblin Assassins have no side and no stats/);
    const goblins = records('unit').find((u) => u.id === 'goblin-assassins')!.data;
    expect(goblins.side, RUNS_NOW).toBeNull();
    expect(JSON.stringify(goblins.faces)).not.toMatch(/\d/);
    expect(armyUnits(), RUNS_NOW).not.toContain('goblin-assassins');
  });

  it("the Swarm's Frigid penalty: no spread is Frigid", () => {
    expect(why('unit/baphite-swarm#/specialAbilities/0')).toMatch(/No spread of the text is Frigid/);
    expect(holders(spreadTraits(), 'frigid'), RUNS_NOW).toEqual([]);
  });
});
