// One source of truth, read every time: in a copy of playmark's project, an edited YAML value
// reaches `playmark render` and `playmark build` run alone (no codegen, no compile), for every
// pack; content with errors prints its diagnostics, exits 1 and leaves the last good output.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { fakeIo, htmlText, repoRoot } from './helpers.js';

let project: string;

async function run(argv: string[], cwd = project) {
  const f = fakeIo(cwd);
  const code = await main(argv, f.io);
  return { code, out: f.stdout(), err: f.stderr() };
}

function edit(rel: string, from: string, to: string): () => void {
  const file = path.join(project, rel);
  const original = readFileSync(file, 'utf8');
  expect(original, `${rel} holds ${from}`).toContain(from);
  writeFileSync(file, original.replace(from, to));
  return () => writeFileSync(file, original);
}

const html = (rel: string) => readFileSync(path.join(project, 'out', rel), 'utf8');

beforeAll(() => {
  project = mkdtempSync(path.join(os.tmpdir(), 'playmark-truth-'));
  for (const dir of ['content', 'schemas', 'templates']) cpSync(path.join(repoRoot, dir), path.join(project, dir), { recursive: true });
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('render reads the YAML every time', () => {
  it('warchon: an edited combat table cell prints on the spread sheet', async () => {
    const undo = edit('content/warchon/spreads/erdon-pass.yaml', '[A2, A2D1, A1D1, Eg, A1D1, A1D2, D2]', '[A2, A3D2, A1D1, Eg, A1D1, A1D2, D2]');
    try {
      const r = await run(['render', 'warchon', '--only', 'spreads']);
      expect(r.code, r.err).toBe(0);
      expect(htmlText(html('warchon/warchon-spreads.html'))).toContain('A3D2');
    } finally {
      undo();
    }
    const again = await run(['render', 'warchon', '--only', 'spreads']);
    expect(again.code, again.err).toBe(0);
    expect(htmlText(html('warchon/warchon-spreads.html'))).not.toContain('A3D2');
  });

  it('warmaster: an edited card text prints on the card', async () => {
    const undo = edit(
      'content/warmaster/cards/trap.yaml',
      'The Trap card is removed from play when it is revealed.',
      'The Trap card is shuffled back when it is revealed.',
    );
    try {
      const r = await run(['render', 'warmaster', '--only', 'cards'], path.join(project, 'content', 'warmaster'));
      expect(r.code, r.err).toBe(0);
      // The cards share their sheets with the special units (printables.yaml `sheets`): one document.
      expect(htmlText(html('warmaster/warmaster-units-and-cards.html'))).toContain('shuffled back');
    } finally {
      undo();
    }
  });

  it('archon-skirmish: a renamed creature prints on its counter, and build alone prints it too', async () => {
    const undo = edit('content/archon-skirmish/creatures/goblin.yaml', 'name: Goblin', 'name: Hobgoblin');
    try {
      const r = await run(['build', '--only', 'creatures']);
      expect(r.code, r.err).toBe(0);
      expect(r.err).not.toContain('compiling');
      expect(htmlText(html('archon-skirmish/archon-skirmish-creatures.html'))).toContain('Hobgoblin');
    } finally {
      undo();
    }
  });

  it('content with errors prints its diagnostics, exits 1 and leaves the last good output', async () => {
    const before = html('warchon/warchon-spreads.html');
    const undo = edit('content/warchon/spreads/erdon-pass.yaml', 'capacity:', 'capacity: [oops\ncapacity_:');
    try {
      for (const argv of [['render', 'warchon'], ['build']]) {
        const r = await run(argv);
        expect(r.code, argv.join(' ')).toBe(1);
        expect(r.err).toMatch(/erdon-pass\.yaml:\d+:\d+ error \[yaml\//);
        expect(r.out).not.toContain('.pdf');
      }
      expect(html('warchon/warchon-spreads.html')).toBe(before);
    } finally {
      undo();
    }
  });
});
