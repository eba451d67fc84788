// Issue 20: Archon Skirmish's deck moved onto the generic deck (common/deck) with no value changed.
// The fixtures are `playmark export archon-skirmish` and `export archon-skirmish --provenance` saved
// before the move; mapping them through the renames docs/migration.md lists must give today's
// export exactly, so any changed value (a card's copies, the deck's order, a layer entry) fails.
// Issue 22 then removed values stated twice (migrateArchonIssue22): mapped through both.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportPack } from '../src/content/export.js';
import { validate } from '../src/content/validate.js';
import { editablePack } from './content-support.js';
import { repoRoot } from './helpers.js';
import { migrateArchonDeckPointer, migrateArchonExport, migrateArchonIssue22 } from './migration-archon-skirmish-map.js';

type Obj = Record<string, any>;
const before = (name: string): Obj => JSON.parse(readFileSync(path.join(repoRoot, 'test', 'fixtures', 'migration-archon-skirmish', name), 'utf8'));

/**
 * The old export with what the pack lost after the move taken out: the turn record's `drawAfterTurns`
 * and the ruling that set it (a turn limit the text does not print, which only a program needed:
 * issue 23 moved it to `simulate --max-moves`), with its provenance.
 */
function withoutLaterRemovals(old: Obj): Obj {
  for (const t of old.kinds.turn as Obj[]) {
    delete (t.data ?? t).drawAfterTurns;
    if (t.provenance) delete t.provenance.layers['/drawAfterTurns'];
  }
  return old;
}

/** Fields added to the manifest since the export was saved (issue 23's cover: the source's credit and disclaimer), left out of today's. */
function withoutLaterAdditions(now: Obj): Obj {
  const source = (now.pack as Obj).source as Obj;
  delete source.credit;
  delete source.disclaimer;
  return now;
}

const result = validate([path.join(repoRoot, 'content', 'archon-skirmish')], { cwd: repoRoot });
const pack = result.packs.find((p) => p.id === 'archon-skirmish')!;

describe('Archon Skirmish deck on the generic deck (docs/migration.md)', () => {
  it('the migrated pack validates clean', () => {
    expect(result.diagnostics).toEqual([]);
  });

  it('effective content: the old export, renamed, is the new export (no value changed)', () => {
    const now = withoutLaterAdditions(JSON.parse(JSON.stringify(exportPack(pack, {}))));
    expect(now).toEqual(migrateArchonIssue22(migrateArchonExport(withoutLaterRemovals(before('before.json')))));
  });

  it('provenance: every layer entry still sets the same value, with its id, kind and reason', () => {
    const now = withoutLaterAdditions(JSON.parse(JSON.stringify(exportPack(pack, { provenance: true }))));
    expect(now).toEqual(migrateArchonIssue22(migrateArchonExport(withoutLaterRemovals(before('before-provenance.json')))));
  });

  it('the copies live on the deck only: no card keeps a count, and the deck adds up to its size', () => {
    const now = JSON.parse(JSON.stringify(exportPack(pack, {}))) as Obj;
    for (const card of now.kinds.card) expect(card, card.id).not.toHaveProperty('count');
    const deck = now.kinds.deck[0];
    expect(deck.cards.reduce((n: number, c: Obj) => n + c.copies, 0)).toBe(deck.size);
  });

  it("the comparison fails when a value changes (a card's copies, the deck's order, the starting hand's reason)", () => {
    const old = before('before-provenance.json');
    const now = withoutLaterAdditions(JSON.parse(JSON.stringify(exportPack(pack, { provenance: true }))));
    const copies = structuredClone(old);
    copies.kinds.card.find((c: Obj) => c.id === 'attack-1').data.count = 7;
    expect(migrateArchonIssue22(migrateArchonExport(copies))).not.toEqual(now);
    const order = structuredClone(old);
    order.kinds.deck[0].data.cards.reverse();
    expect(migrateArchonIssue22(migrateArchonExport(order))).not.toEqual(now);
    const reason = structuredClone(old);
    reason.kinds.deck[0].provenance.layers['/startingHand'].reason = 'changed';
    expect(migrateArchonIssue22(migrateArchonExport(reason))).not.toEqual(now);
  });

  it("the generic deck check runs on Archon's deck now: copies that do not add up to its size are reported at the size", () => {
    const copy = editablePack('archon-skirmish');
    try {
      copy.edit('decks/common-deck.yaml', '{ card: attack-1, copies: 6 }', '{ card: attack-1, copies: 7 }');
      const r = validate([copy.dir], { cwd: copy.project, cacheDir: false });
      // The copy's modelines name playmark's schemas relative to the repository: those warnings left out.
      const found = r.diagnostics.filter((d) => d.code !== 'file/schema-comment');
      expect(found.map((d) => [d.code, path.basename(d.file), d.line, d.message])).toEqual([
        ['deck/count', 'common-deck.yaml', 21, "The deck's size is 50, but its cards' copies add up to 51."],
      ]);
    } finally {
      copy.remove();
    }
  });

  it('layer pointers move to the new shape', () => {
    expect(migrateArchonDeckPointer('/startingHand')).toBe('/extension/startingHand');
    expect(migrateArchonDeckPointer('/size')).toBe('/size');
  });
});
