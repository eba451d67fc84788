// The rules Warchon's engine says nothing in the text can set off (WARCHON_RULES_UNUSED) are
// reported as `unused`, never as running. Each such claim is checked here against the effective
// content (base plus layers), the way the engine reads it (src/engine/warchon/content.ts: a unit's
// traits are its traits and descriptors, a spread's are its terrains and their traits, all
// lower-cased), so that a designer who adds a Berserk unit or a Frigid terrain makes this fail
// until a test plays the rule and it moves to WARCHON_RULES_RUN.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EffectiveRecord, Json } from '../src/content/model.js';
import { validate } from '../src/content/validate.js';
import { WARCHON_RULES_UNUSED } from '../src/engine/warchon/rules-run.js';
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
