// An original game (its source `original: true`, or no rule text) is worded as one on its errata
// sheet: its entries are changes between versions, never values "the rule text" got wrong.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PackContent } from '../src/content/effective.js';
import { commonPrintables } from '../src/render/common/index.js';
import { isOriginal } from '../src/render/common/errata.js';
import { renderFace } from '../src/render/document.js';
import { createTemplates } from '../src/render/handlebars.js';
import { packContentOf } from './content-support.js';
import { htmlText, repoRoot } from './helpers.js';

const templates = createTemplates(path.join(repoRoot, 'templates'));

function errataText(content: PackContent): string {
  const sheet = commonPrintables(content, { playmarkVersion: 'test' }).find((p) => p.id === `${content.pack.id}-errata`)!;
  return sheet.faces.map((f) => htmlText(renderFace(templates, sheet, f))).join('\n');
}

describe('the errata sheet of an original game', () => {
  const transcribed = packContentOf('warmaster');
  const original: PackContent = {
    ...transcribed,
    pack: { ...transcribed.pack, source: { ...transcribed.pack.source, original: true } as PackContent['pack']['source'] },
  };

  it('says what changed version by version, not what a rule text prints', () => {
    const text = errataText(original);
    expect(text).toContain(`What changed in ${transcribed.pack.title}, version by version`);
    expect(text).toContain(`Version ${transcribed.pack.version}`);
    expect(text).toContain("Each value that changed since the game's first version");
    expect(text).toContain('corrected since an earlier version');
    expect(text).not.toMatch(/rule text/);
    expect(text).not.toContain(transcribed.pack.source.file);
  });

  it('a transcription speaks of the printed rules', () => {
    const text = errataText(transcribed);
    expect(text).toContain('What the printed rules leave out, get wrong or leave unclear');
    expect(text).toContain('corrected: the source prints it wrongly');
    // The source's file name is a maintainer's: players read the source's title on the cover.
    expect(text).not.toContain(transcribed.pack.source.file);
  });

  it('an original game is one whose source says so or names no rule text', () => {
    expect(isOriginal({ file: 'rules.md', original: true })).toBe(true);
    expect(isOriginal({ file: '' })).toBe(true);
    expect(isOriginal(undefined)).toBe(true);
    expect(isOriginal({ file: 'warmaster.txt' })).toBe(false);
  });
});
