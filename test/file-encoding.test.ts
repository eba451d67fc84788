// A file that is not UTF-8 gets file/encoding at its first bad byte, never garbage or a YAML error.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeUtf8, firstInvalidUtf8 } from '../src/content/load.js';
import { validate } from '../src/content/validate.js';
import { fixture } from './helpers.js';

describe('decodeUtf8', () => {
  it('decodes UTF-8 and keeps a byte order mark, as reading with "utf8" does', () => {
    expect(decodeUtf8(Buffer.from('\uFEFFid: café\n'))).toEqual({ ok: true, text: '\uFEFFid: café\n' });
  });

  it('finds the first bad byte after valid multi-byte characters, as an offset in the text shown', () => {
    const bytes = Buffer.concat([Buffer.from('é€\n'), Buffer.from([0x61, 0xe9, 0x62])]);
    expect(firstInvalidUtf8(bytes)).toBe(7);
    const decoded = decodeUtf8(bytes);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.offset).toBe(4); // "é€\na" is 4 UTF-16 units
  });

  it('refuses overlong forms, surrogates and truncated sequences', () => {
    expect(firstInvalidUtf8(Buffer.from([0x41, 0xc0, 0x80]))).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0x41, 0xe2, 0x82]))).toBe(1);
    expect(firstInvalidUtf8(Buffer.from('ok 😀'))).toBe(7);
  });
});

describe('file/encoding in a pack', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'playmark-encoding-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  cpSync(fixture('file--encoding'), path.join(work, 'content', 'p'), { recursive: true });
  cpSync(fixture('schemas'), path.join(work, 'schemas'), { recursive: true });
  const card = path.join(work, 'content', 'p', 'cards', 'strike.yaml');

  it('a UTF-16 file is named as such, at its first byte', () => {
    writeFileSync(card, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id: strike\n', 'utf16le')]));
    const found = validate([path.join(work, 'content')], { cwd: work }).diagnostics.filter((d) => d.file.endsWith('strike.yaml'));
    expect(found.map(({ code, line, column }) => ({ code, line, column }))).toEqual([{ code: 'file/encoding', line: 1, column: 1 }]);
    expect(found[0]!.message).toBe('The file is UTF-16 text, not UTF-8.');
  });

  it('a bad manifest stops its pack with file/encoding, and nothing else is reported for it', () => {
    const manifest = path.join(work, 'content', 'p', 'pack.yaml');
    writeFileSync(card, '# yaml-language-server: $schema=../../../schemas/fixture/card.schema.json\nid: strike\nname: Strike\ncount: 2\n');
    writeFileSync(manifest, Buffer.concat([Buffer.from('id: p\ntitle: Caf'), Buffer.from([0xe9]), Buffer.from('\n')]));
    const result = validate([path.join(work, 'content')], { cwd: work });
    expect(result.diagnostics.map(({ code, line, column }) => ({ code, line, column }))).toEqual([{ code: 'file/encoding', line: 2, column: 11 }]);
  });
});
