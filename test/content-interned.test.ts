// The effective content's short strings are interned (src/content/interned.ts) so the engines
// compare ids by identity. Interning must change nothing else: every record the commands are given
// is the record as layered, key for key and value for value, and the layered pack is left alone.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadContent, packContent } from '../src/content/effective.js';
import { internStrings } from '../src/content/interned.js';
import type { Json } from '../src/content/model.js';
import { validate } from '../src/content/validate.js';

const PACKS = ['warchon', 'warmaster', 'archon-skirmish'].map((p) => fileURLToPath(new URL(`../content/${p}/`, import.meta.url)));

describe('interned content strings', () => {
  it('gives every pack record as layered: the same keys in the same order and the same values', () => {
    const { packs } = validate(PACKS, { cacheDir: false });
    expect(packs.length).toBe(3);
    for (const pack of packs) {
      const before = JSON.stringify([...pack.records].map(([kind, records]) => [kind, records.map((r) => r.data)]));
      const content = packContent(pack);
      for (const [kind, records] of pack.records) {
        for (const record of records) {
          // JSON text compares key order too, which toEqual does not.
          expect(JSON.stringify(content.records[kind]![record.id])).toBe(JSON.stringify(record.data));
        }
      }
      expect(JSON.stringify(content.pack)).toBe(JSON.stringify(pack.manifest));
      // The pack's own records are not written.
      expect(JSON.stringify([...pack.records].map(([kind, records]) => [kind, records.map((r) => r.data)]))).toBe(before);
    }
  });

  it('copies nested values without changing the one given, long texts and odd keys included', () => {
    const long = 'x'.repeat(500);
    const odd = JSON.parse('{"__proto__": {"polluted": true}, "12": "twelve", "id": "erdon-pass"}') as Json;
    const value = { list: ['a', 'b', { deep: [1, null, true, 'c'] }], text: long, odd } as Json;
    const given = JSON.stringify(value);
    const copy = internStrings(value);
    expect(copy).not.toBe(value);
    expect(JSON.stringify(copy)).toBe(given);
    expect(JSON.stringify(value)).toBe(given);
    // A key named __proto__ stays a key of its own, never the copy's prototype.
    const oddCopy = (copy as { odd: object }).odd;
    expect(Object.getPrototypeOf(oddCopy)).toBe(Object.prototype);
    expect(Object.keys(oddCopy)).toEqual(['12', '__proto__', 'id']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('leaves loadContent giving the same content as before for every command', () => {
    const { packs, validation } = loadContent(PACKS, { cacheDir: false });
    expect(validation.errors).toBe(0);
    const warchon = packs.get('warchon')!;
    expect(Object.keys(warchon.records.spread!)).toContain('erdon-pass');
    expect((warchon.records.spread!['erdon-pass'] as { id: string }).id).toBe('erdon-pass');
  });
});
