// A game's content is typed once (issue 21): typedContent gives a pack's loaded content the
// generated types its game names (WarchonRecords), as the same object, so the engine's caches keyed
// by the content still hit; the engine, the printables and resolve all read it so.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recordsOfKind, typedContent } from '../src/engine/core/content-of.js';
import { loadContent, type PackContent } from '../src/content/effective.js';
import type { WarchonRecords } from '../src/engine/warchon/records.js';
import { warchonTables } from '../src/engine/warchon/tables.js';

const PACK = fileURLToPath(new URL('../content/warchon/', import.meta.url));
const content = loadContent([PACK]).packs.get('warchon') as PackContent;

describe('typedContent', () => {
  it('is the loaded content itself (no copy), so the tables built from it are built once', () => {
    const typed = typedContent<WarchonRecords>(content);
    expect(typed).toBe(content);
    expect(warchonTables(typedContent<WarchonRecords>(content))).toBe(warchonTables(typed));
  });

  it("reads a kind's records with their generated type, and a kind the pack lacks as none", () => {
    const typed = typedContent<WarchonRecords>(content);
    // Compiles only because the spread's `number` is typed a number (tsconfig.test.json checks it).
    const number: number = recordsOfKind(typed, 'spread')['erdon-pass']!.number;
    expect(number).toBe(1);
    expect(recordsOfKind(typedContent<{ missing: { id: string } }>(content), 'missing')).toEqual({});
  });
});
