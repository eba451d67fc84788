// Issue 20: Warchon's spread tables moved onto the generic kinds (common/combat-table and
// common/roll-table) with no value changed. The fixtures are `playmark export warchon` and `export
// warchon --provenance` saved before the move; mapping them through the renames docs/migration.md
// lists must give today's export exactly, so any changed value (a cell, a label, an event, a layer
// entry's id, kind or reason) fails.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeTarget } from '../src/content/diff.js';
import { exportPack } from '../src/content/export.js';
import { commonView } from '../src/render/common/content.js';
import { packContentOf } from './content-support.js';
import { validate } from '../src/content/validate.js';
import { repoRoot } from './helpers.js';
import { migrateWarchonExport, migrateWarchonPointer } from './migration-warchon-map.js';

type Json = unknown;
const before = (name: string): Json => JSON.parse(readFileSync(path.join(repoRoot, 'test', 'fixtures', 'migration-warchon', name), 'utf8'));

const result = validate([path.join(repoRoot, 'content', 'warchon')], { cwd: repoRoot });
const pack = result.packs.find((p) => p.id === 'warchon')!;

/**
 * The export with what the pack gained after the move taken out again: the core rules' `seenUnits`
 * and `mutualDestruction` and the rulings that set them (seen-units-stay-known, issue 21's player
 * views; mutual-destruction-draw, issue 22), with their provenance; and the core rules'
 * `capacity.separateTrait` (issue 22: the trait counting apart is data, `aerial`).
 */
function withoutLaterAdditions(exported: Json): Json {
  type Rec = { id: string; data?: Record<string, unknown>; provenance?: { layers: Record<string, unknown> } } & Record<string, unknown>;
  const out = exported as { kinds: { rules: Rec[] } };
  for (const r of out.kinds.rules) {
    if (r.id !== 'core') continue;
    for (const field of ['seenUnits', 'mutualDestruction']) {
      if (r.data && r.provenance) {
        delete r.data[field];
        delete r.provenance.layers[`/${field}`];
      } else delete r[field];
    }
    const capacity = (r.data ?? r).capacity as Record<string, unknown>;
    delete capacity.separateTrait;
  }
  return withoutAerialEffect(out);
}

/**
 * The Aerial trait's rule with its effects taken out, on both sides: issue 22 said it with the
 * effect `move-directly` where it was `manual` (its text, id and every other value stay compared).
 */
function withoutAerialEffect(exported: Json): Json {
  type Rule = { id?: string; do: unknown[] };
  type Rec = { id: string; data?: { rules: Rule[] }; rules?: Rule[] };
  const out = exported as { kinds: { trait: Rec[]; result?: ({ data?: Record<string, unknown> } & Record<string, unknown>)[] } };
  const aerial = out.kinds.trait.find((t) => t.id === 'aerial')!;
  for (const rule of (aerial.data ?? aerial).rules!) if (rule.id === 'flies') rule.do = [];
  // Issue 22: a result is Engaged by its effects (prevent-actions move); its `engaged` flag went.
  for (const r of out.kinds.result ?? []) delete (r.data ?? r).engaged;
  return out;
}

/**
 * The old export with what the pack lost after the move taken out: the ruling draw-after-turns (a
 * turn limit the text does not print, which only a program needed: issue 23 moved it to `simulate
 * --max-moves`), the demo's second special rule, with its provenance.
 */
function withoutLaterRemovals(old: Json): Json {
  type Scenario = {
    id: string;
    data?: { specialRules?: { id?: string }[] };
    provenance?: { layers: Record<string, unknown> };
    specialRules?: { id?: string }[];
  };
  for (const s of (old as { kinds: { scenario: Scenario[] } }).kinds.scenario) {
    const holder = s.data ?? s;
    if (holder.specialRules) holder.specialRules = holder.specialRules.filter((r) => r.id !== 'draw-after-turns');
    if (s.provenance) delete s.provenance.layers['/specialRules/1'];
  }
  return old;
}

/**
 * Layer entries whose reasons were re-read against the rule text after the move (issue 22: a
 * misquote, overread or invented value said so), with no value changed: the old export is given
 * their reasons of today, so every other reason, and every id, kind and value, is still compared.
 */
const REWORDED = new Set([
  'kier-zhadd-path-akibatu',
  'ramping-water-elemental-size',
  'ramping-water-elemental-movement',
  'ramping-water-elemental-second-face',
  'celestine-paladins-hits',
  'celestine-war-angels-points',
  'celestine-war-angels-face-1-movement',
  'celestine-war-angels-face-1-ds',
  'celestine-crusaders-face-1-ds',
]);

function withReasonsRewordedLater(old: Json): Json {
  const reasons = new Map(pack.layers.flatMap((l) => l.entries.map((e) => [e.id, e.reason] as const)));
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.entry === 'string' && REWORDED.has(o.entry) && typeof o.reason === 'string') o.reason = reasons.get(o.entry);
      Object.values(o).forEach(walk);
    }
  };
  walk(old);
  return old;
}

describe('Warchon spread tables on the generic kinds (docs/migration.md)', () => {
  it('the migrated pack validates clean', () => {
    expect(result.diagnostics).toEqual([]);
  });

  it('effective content: the old export, renamed, is the new export (no value changed)', () => {
    const now = withoutLaterAdditions(JSON.parse(JSON.stringify(exportPack(pack, {}))));
    expect(now).toEqual(withoutAerialEffect(migrateWarchonExport(withoutLaterRemovals(before('before.json')))));
  });

  it('provenance: every layer entry on a spread still sets the same value, with its id, kind and reason', () => {
    const now = withoutLaterAdditions(JSON.parse(JSON.stringify(exportPack(pack, { provenance: true }))));
    expect(now).toEqual(withoutAerialEffect(withReasonsRewordedLater(migrateWarchonExport(withoutLaterRemovals(before('before-provenance.json'))))));
  });

  it('the comparison fails when a value changes (a cell, an event, a reason)', () => {
    type Old = {
      kinds: {
        spread: {
          id: string;
          data: { combatTable: { rows: string[][] }; events: { name: string }[] | null };
          provenance: { layers: Record<string, { reason: string }> };
        }[];
      };
    };
    const old = before('before-provenance.json') as Old;
    const now = JSON.parse(JSON.stringify(exportPack(pack, { provenance: true })));
    const erdon = (o: Old) => o.kinds.spread.find((s) => s.id === 'erdon-pass')!;
    const cell = structuredClone(old);
    erdon(cell).data.combatTable.rows[0]![0] = 'DE';
    expect(migrateWarchonExport(cell)).not.toEqual(now);
    const event = structuredClone(old);
    erdon(event).data.events![0]!.name = 'Inspired Retreat';
    expect(migrateWarchonExport(event)).not.toEqual(now);
    const reason = structuredClone(old);
    erdon(reason).provenance.layers['/combatTable/rows/3']!.reason = 'changed';
    expect(migrateWarchonExport(reason)).not.toEqual(now);
  });

  it('layer pointers move to the new shape', () => {
    expect(migrateWarchonPointer('/combatTable/rows/1/6')).toBe('/combatTable/rows/1/cells/6');
    expect(migrateWarchonPointer('/combatTable/rows/3')).toBe('/combatTable/rows/3/cells');
    expect(migrateWarchonPointer('/combatTable/title')).toBe('/combatTable/name');
    expect(migrateWarchonPointer('/combatTable/columns/0/label')).toBe('/combatTable/columns/0/label');
    expect(migrateWarchonPointer('/events/2/effects/1')).toBe('/events/entries/2/effects/1');
    expect(migrateWarchonPointer('/events/0/if')).toBe('/events/entries/0/extension/if');
    expect(migrateWarchonPointer('/events/4/number')).toBe('/events/entries/4/roll');
  });

  it("the errata sheet names a moved row and cell in the table's own terms, by its printed heading", () => {
    const view = commonView(packContentOf('warchon'));
    const where = (pointer: string) => describeTarget(view, { kind: 'spread', id: 'erdon-pass', pointer }).where;
    expect(where('/combatTable/rows/3/cells')).toBe('Erdon Pass, combat results, row 4');
    expect(where('/combatTable/rows/1/cells/5')).toBe('Erdon Pass, combat results, row 2, column +4');
  });
});
