// `playmark render --errata-since REV` against a real git repository made here: Warchon and the
// schemas committed, then a combat cell changed through a layer entry (an erratum). The errata sheet
// rendered from that folder starts with the latest changes, for players: the cell in the table's
// own terms, what it was and is now, with its mark and sentence; no entry id, reason, revision or
// command. The full errata follow.
// The changelog pages of a long diff are laid out in Chromium to check that each fits its page.
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import type { ContentDiff, LayerEntryInfo, PackDiff, RecordChange } from '../src/content/diff.js';
import type { ChangelogPage } from '../src/render/common/changelog.js';
import { commonPrintables } from '../src/render/common/index.js';
import { markHtml } from '../src/render/marks.js';
import { PAPER } from '../src/render/print-options.js';
import { packContentOf } from './content-support.js';
import { fakeIo, htmlText, repoRoot, STACK_LINE } from './helpers.js';
import { layoutProblems } from './layout-support.js';
import { pdfinfo, pdftotext, templates, useChrome } from './render-pipeline-support.js';

const repo = mkdtempSync(path.join(os.tmpdir(), 'playmark-errata-since-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));

function git(...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function run(cwd: string, ...argv: string[]) {
  const f = fakeIo(cwd);
  const code = await main(argv, f.io);
  expect(f.stderr()).not.toMatch(STACK_LINE);
  return { code, stdout: f.stdout(), stderr: f.stderr() };
}

const REASON = 'ERRATUM: row 2 prints D2 under +4, where every other spread gives the +4 column one Hit more than its +2/+3 column.';
const errataHtml = () => readFileSync(path.join(repo, 'out', 'warchon', 'warchon-errata.html'), 'utf8');
const errataPdf = path.join(repo, 'out', 'warchon', 'warchon-errata.pdf');

beforeAll(() => {
  for (const p of ['content/warchon', 'schemas']) cpSync(path.join(repoRoot, p), path.join(repo, p), { recursive: true });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'Warchon as transcribed');
  // Erdon Pass prints D2 in row 2, column +4: an erratum sets D3 there, as an errata maintainer writes it.
  appendFileSync(
    path.join(repo, 'content/warchon/layers/rulings.yaml'),
    [
      '  - id: erdon-pass-crt-2-plus-4',
      '    kind: erratum',
      '    target: { kind: spread, id: erdon-pass, pointer: /combatTable/rows/1/cells/5 }',
      '    value: D3',
      '    reason: >-',
      `      ${REASON}`,
      '',
    ].join('\n'),
  );
});

describe('render --errata-since REV', () => {
  it("prints the latest changes first on the errata sheet, the cell in the table's words, for players", async () => {
    const r = await run(repo, 'render', 'warchon', '--only', 'errata', '--errata-since', 'HEAD');
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/out\/warchon\/warchon-errata\.pdf/);

    const text = htmlText(errataHtml().replace(/<style>[\s\S]*?<\/style>/g, ''));
    expect(text).toContain('Latest changes');
    // The changed cell, as a player reads it: was and now, the erratum's mark and (no note written) its kind's words.
    expect(text).toMatch(/Erdon Pass \u271A combat results, row 2, column \+4: was D2, now D3 \u2014 Corrected: the source prints it wrongly\./);
    expect(errataHtml()).toContain(markHtml('erratum'));
    // Nothing a maintainer reads: the entry, its reason, the layer, the revision, the command.
    for (const maintainers of ['erdon-pass-crt-2-plus-4', REASON, 'layer rulings', 'HEAD', 'playmark diff', 'Errata since'])
      expect(text).not.toContain(maintainers);
    // Then the errata sheet as always: the same cell under Erdon Pass, among every other, with what the book prints.
    const rest = text.slice(text.indexOf('Errata, inferences & rulings'));
    expect(rest).toMatch(/Erdon Pass spread[\s\S]*combat results, row 2, column \+4: was D2, now D3\./);

    // The PDF: the latest changes are its first page, numbered by the page footer, the errata after them.
    const first = await pdftotext(errataPdf, 1);
    expect(first).toMatch(/Latest changes/);
    expect(first).toContain('was D2, now D3');
    expect(first).toMatch(/p\. 1 of \d+/);
    expect(await pdftotext(errataPdf, 2)).toMatch(/Errata, inferences & rulings[\s\S]*p\. 2 of \d+/);
    const pages = (await pdfinfo(errataPdf)).pages;

    // Without the option, the sheet is the errata sheet alone, one page shorter.
    const plain = await run(repo, 'render', 'warchon', '--only', 'errata');
    expect(plain.code).toBe(0);
    expect(htmlText(errataHtml())).not.toContain('Latest changes');
    expect((await pdfinfo(errataPdf)).pages).toBe(pages - 1);
  });

  it('once committed, nothing has changed since HEAD, and the sheet says so; HEAD~1 still shows the erratum', async () => {
    git('add', '.');
    git('commit', '-q', '-m', 'Erratum: Erdon Pass row 2, +4');
    try {
      const none = await run(repo, 'render', 'warchon', '--only', 'errata', '--errata-since', 'HEAD');
      expect(none.code).toBe(0);
      expect(htmlText(errataHtml())).toContain('Nothing has changed since these sheets were last printed.');
      // From a subfolder of the project, as every command works.
      const since = await run(path.join(repo, 'content', 'warchon', 'spreads'), 'render', 'warchon', '--only', 'errata', '--errata-since', 'HEAD~1');
      expect(since.code).toBe(0);
      expect(htmlText(errataHtml())).toMatch(/Latest changes .*combat results, row 2, column \+4: was D2, now D3/);
    } finally {
      git('reset', '-q', '--soft', 'HEAD~1');
    }
  });

  it('a revision that does not exist is a usage error (exit 2), and nothing is printed', async () => {
    rmSync(path.join(repo, 'out'), { recursive: true, force: true });
    const r = await run(repo, 'render', 'warchon', '--only', 'errata', '--errata-since', 'no-such-tag');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no folder and no git revision "no-such-tag"/);
    expect(existsSync(path.join(repo, 'out'))).toBe(false);
  });
});

// A long changelog: values of many records (some long), records added and removed, and layer
// entries with long reasons and changed fields, to check the page split in a real browser.
function longDiff(): ContentDiff {
  const reason = (n: number) =>
    `RULING ${n}: ${'the text leaves this open, and the rule that decides it reads the table as printed; '.repeat(1 + (n % 5))}`.trim();
  const entry = (i: number): LayerEntryInfo => ({
    id: `entry-${i}-${'x'.repeat(i % 20)}`,
    layer: i % 2 ? 'rulings' : 'errata',
    kind: (['erratum', 'inference', 'ruling', 'reconstruction'] as const)[i % 4]!,
    target: { kind: 'spread', id: `spread-${i % 7}`, pointer: `/combatTable/rows/${i % 5}/${i % 7}` },
    where: `Spread ${i % 7}, combat results, row ${(i % 5) + 1}, column +${i % 7}`,
    value: i % 3 ? `D${i % 4}` : ['A1', 'A2D1', { kind: 'modify-strength', stat: 'as', value: i }],
    reason: reason(i),
  });
  const changed: RecordChange[] = Array.from({ length: 12 }, (_, r) => ({
    kind: 'spread',
    id: `spread-${r}`,
    name: `Spread ${r}`,
    changes: Array.from({ length: 1 + ((r * 7) % 11) }, (_, c) => ({
      status: 'changed' as const,
      pointer: `/combatTable/rows/${c % 5}/${c % 7}`,
      where:
        c % 4 === 3
          ? `spreads.spread-${r} events[${c}].effects[0].outcomes[2].effects[0].value`
          : `Spread ${r}, combat results, row ${(c % 5) + 1}, column +${c % 7}`,
      before: c % 5 === 4 ? { text: 'a long value '.repeat(12), when: { event: 'turn-ends' } } : 'D2',
      after: 'D3',
    })),
  }));
  const added = Array.from({ length: 14 }, (_, i) => entry(i));
  const pack: PackDiff = {
    id: 'warchon',
    status: 'changed',
    a: { title: 'Warchon', version: '1.0.0' },
    b: { title: 'Warchon', version: '1.1.0' },
    manifest: [{ status: 'changed', pointer: '/version', where: 'pack.yaml version', before: '1.0.0', after: '1.1.0' }],
    records: {
      added: Array.from({ length: 8 }, (_, i) => ({ kind: 'terrain', id: `terrain-${i}`, name: `Terrain ${i}` })),
      removed: [{ kind: 'unit', id: 'old-unit', name: 'Old Unit' }],
      changed,
    },
    layerEntries: {
      added,
      removed: [entry(40), entry(41)],
      changed: Array.from({ length: 8 }, (_, i) => {
        const before = entry(20 + i);
        const after = { ...before, kind: 'reconstruction' as const, layer: 'reconstructions', reason: before.reason.replace('RULING', 'RECONSTRUCTION') };
        return { id: before.id, fields: ['layer', 'kind', 'reason'] as const, before, after };
      }),
    },
  };
  return { packs: [pack], unchanged: [] };
}

describe('the changelog pages in Chromium', () => {
  const browser = useChrome();
  const errataSince = {
    since: 'v1.0',
    sides: { a: { label: 'v1.0 (1234567)', type: 'revision' as const }, b: { label: 'the working tree', type: 'working-tree' as const } },
    diff: longDiff(),
  };
  const sheet = commonPrintables(packContentOf('warchon'), { playmarkVersion: 'test', errataSince }).find((p) => p.id === 'warchon-errata')!;
  const changelog = sheet.faces.filter((f) => f.label.startsWith('errata, latest changes'));

  it('a long changelog is split over pages, each fitting the sheet box (the page footer is outside it), text at least 6 pt', async () => {
    expect(changelog.length).toBeGreaterThan(1);
    const page = await browser().newPage();
    try {
      for (const face of changelog) {
        for (const inkSaver of [false, true]) {
          const problems = await layoutProblems(page, templates, sheet, face, PAPER.a4, { boxes: '.cs-page' }, inkSaver);
          problems.push(
            ...((await page.evaluate(`(() => {
              const out = [];
              const box = document.querySelector('.cs-page');
              if (box.scrollHeight > box.clientHeight + 1) out.push('content ' + (box.scrollHeight - box.clientHeight) + ' px taller than the sheet box');
              const bottom = box.getBoundingClientRect().bottom;
              for (const el of box.querySelectorAll('.er-line, .ch-record, .ch-items')) {
                if (el.getBoundingClientRect().bottom > bottom + 0.5) out.push(el.className + ' runs out of the sheet box');
              }
              return out;
            })()`)) as string[]),
          );
          expect(problems, `${face.label}${inkSaver ? ' (ink saver)' : ''}`).toEqual([]);
        }
      }
    } finally {
      await page.close();
    }
  });

  it('every change is on exactly one page, in order, and the pages are numbered with the errata pages after them', () => {
    const text = changelog.map((f) => JSON.stringify(f.context)).join('\n');
    for (const r of longDiff().packs[0]!.records.changed) expect(text).toContain(`"name":"${r.name}"`);
    // Each changed value once, in order; no entry id, layer or reason (those are the maintainer's).
    const values = changelog.flatMap((f) => (f.context.since as ChangelogPage).sections.flatMap((s) => s.records.flatMap((r) => r.values)));
    expect(values).toHaveLength(longDiff().packs[0]!.records.changed.reduce((n, r) => n + r.changes.length, 0));
    for (let i = 0; i < 14; i++) expect(text).not.toContain(`entry-${i}-`);
    expect(text).not.toContain('RULING');
    // Values no table prints are named by their field and said to have changed, never printed as JSON.
    expect(values.filter((v) => v.change === 'changed').length).toBeGreaterThan(0);
    expect(text).not.toContain('modify-strength');
    expect(sheet.faces.map((f) => (f.context as { page: number }).page)).toEqual(sheet.faces.map((_, i) => i + 1));
    expect(sheet.faces.every((f) => (f.context as { pages: number }).pages === sheet.faces.length)).toBe(true);
    const plain = commonPrintables(packContentOf('warchon'), { playmarkVersion: 'test' }).find((p) => p.id === 'warchon-errata')!;
    expect(sheet.faces.length).toBe(plain.faces.length + changelog.length);
  });
});
