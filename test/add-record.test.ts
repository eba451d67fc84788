// What `playmark new` runs, called as the library without the CLI: addRecord writes a new record of
// a kind (placeholders listed, the folder's modeline), appends a layer entry (starting a layer the
// manifest does not list), and refuses what it cannot do, saying whether the request or the pack
// must change.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRecord, LAYER_ENTRY, Refusal } from '../src/index.js';
import { BUNDLED_SCHEMAS } from '../src/content/validate.js';
import { fixture } from './helpers.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'playmark-add-record-'));
const packDir = path.join(dir, 'content', 'mini');
const pack = { dir: packDir, roots: [BUNDLED_SCHEMAS, path.join(dir, 'schemas')] };
beforeAll(() => {
  cpSync(fixture('valid', 'mini'), packDir, { recursive: true });
  cpSync(fixture('schemas'), path.join(dir, 'schemas'), { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function refusal(work: () => unknown): Refusal {
  try {
    work();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('addRecord', () => {
  it("writes a new record in its kind's folder, with the folder's modeline, and lists its placeholders", () => {
    const result = addRecord(pack, 'card', 'heal', { cwd: dir });
    expect(result).toMatchObject({ file: 'content/mini/cards/heal.yaml', kind: 'card', id: 'heal' });
    expect(result.placeholders.length).toBeGreaterThan(0);
    const text = readFileSync(path.join(packDir, 'cards', 'heal.yaml'), 'utf8');
    expect(text.split('\n').slice(0, 2)).toEqual(['# yaml-language-server: $schema=../../../schemas/fixture/card.schema.json', 'id: heal']);
  });

  it('refuses an id the kind has, one not kebab-case, and an unknown kind: the request must change (usage)', () => {
    const taken = refusal(() => addRecord(pack, 'card', 'strike', { cwd: dir }));
    expect(taken).toMatchObject({ message: 'the card "strike" exists already: content/mini/cards/strike.yaml', usage: true });
    expect(refusal(() => addRecord(pack, 'card', 'Big Strike', { cwd: dir }))).toMatchObject({ message: '"Big Strike" is not an id', usage: true });
    const kind = refusal(() => addRecord(pack, 'cards', 'x', { cwd: dir }));
    expect(kind).toMatchObject({ message: 'no kind "cards" in the pack mini', usage: true });
    expect(kind.hint).toMatch(/^Did you mean "card"\? Kinds: /);
  });

  it('refuses when the manifest cannot be read: the pack must change (not usage)', () => {
    const broken = path.join(dir, 'broken');
    cpSync(packDir, broken, { recursive: true });
    writeFileSync(path.join(broken, 'pack.yaml'), 'id: broken\n');
    expect(refusal(() => addRecord({ ...pack, dir: broken }, 'card', 'x', { cwd: dir }))).toMatchObject({ usage: false });
  });

  it('appends a layer entry, and a layer the manifest does not list is added last to its layers', () => {
    const entry = addRecord(pack, LAYER_ENTRY, 'heal-ruling', { cwd: dir, layer: 'inferences' });
    expect(entry).toMatchObject({ file: 'content/mini/layers/inferences.yaml', kind: LAYER_ENTRY, id: 'heal-ruling' });
    expect(entry.newLayer).toBeUndefined();
    expect(readFileSync(path.join(packDir, 'layers', 'inferences.yaml'), 'utf8')).toMatch(/\n {2}- id: heal-ruling\n/);

    const fresh = addRecord(pack, LAYER_ENTRY, 'first-erratum', { cwd: dir, layer: 'errata' });
    expect(fresh.newLayer).toEqual({ layer: 'errata', manifest: 'content/mini/pack.yaml', after: ['inferences'] });
    expect(readFileSync(path.join(packDir, 'pack.yaml'), 'utf8')).toContain('layers: [inferences, errata]\n');
    expect(refusal(() => addRecord(pack, LAYER_ENTRY, 'heal-ruling', { cwd: dir, layer: 'errata' })).message).toBe(
      'the layer entry "heal-ruling" exists already, in content/mini/layers/inferences.yaml',
    );
  });
});
