// export --kind K --record ID: one record (with --provenance, where its values came from), and
// usage errors with close suggestions; export prints JSON only.
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { fakeIo, repoRoot, STACK_LINE } from './helpers.js';

async function run(...argv: string[]) {
  const f = fakeIo(repoRoot);
  const code = await main(argv, f.io);
  expect(f.stderr()).not.toMatch(STACK_LINE);
  return { code, stdout: f.stdout(), stderr: f.stderr() };
}

const VALID = 'test/fixtures/valid/mini';

describe('export of one record', () => {
  it("--kind --record prints that record's effective content alone", async () => {
    const r = await run('export', VALID, '--kind', 'spread', '--record', 'alpha');
    expect(r.code).toBe(0);
    const alpha = JSON.parse(r.stdout) as { id: string; rng: unknown[][] };
    expect(alpha.id).toBe('alpha');
    expect(alpha.rng[4]![4]).toBe(4);
  });

  it('with --base, the record as the source prints it', async () => {
    const r = await run('export', VALID, '--kind', 'spread', '--record', 'alpha', '--base');
    expect((JSON.parse(r.stdout) as { rng: unknown[][] }).rng[4]![4]).toBeNull();
  });

  it('with --provenance, its kind, source file and the layer entry of each value a layer set', async () => {
    const r = await run('export', VALID, '--kind', 'spread', '--record', 'alpha', '--provenance');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      kind: 'spread',
      id: 'alpha',
      data: { id: 'alpha' },
      provenance: {
        source: 'test/fixtures/valid/mini/spreads/alpha.yaml',
        layers: { '/rng/4/4': { layer: 'inferences', entry: 'alpha-rng-5-5', kind: 'inference' } },
      },
    });
  });

  it('--record alone finds the record when one kind has that id', async () => {
    const r = await run('export', VALID, '--record', 'beta');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 'beta', number: 2 });
  });

  it("--kind alone prints that kind's records, in the pack's shape", async () => {
    const r = await run('export', VALID, '--kind', 'spread');
    const out = JSON.parse(r.stdout) as { kinds: Record<string, { id: string }[]> };
    expect(Object.keys(out.kinds)).toEqual(['spread']);
    expect(out.kinds.spread!.map((s) => s.id)).toEqual(['alpha', 'beta']);
  });

  it('one record of a shipped pack, by pack id', async () => {
    const r = await run('export', 'warchon', '--kind', 'spread', '--record', 'erdon-pass', '--provenance');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { id: string; provenance: { layers: Record<string, { kind: string }> } };
    expect(out.id).toBe('erdon-pass');
    expect(out.provenance.layers['/combatTable/rows/3/cells']?.kind).toBe('reconstruction');
  });
});

describe('export usage errors', () => {
  it('an unknown kind: exit 2, the near kind and the list', async () => {
    const r = await run('export', VALID, '--kind', 'spraed', '--record', 'alpha');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('has no kind "spraed"');
    expect(r.stderr).toContain('Did you mean "spread"?');
    expect(r.stderr).toContain('Kinds: card, deck, odds-table, roll-table, scenario, spread, unit.');
  });

  it('an unknown id: exit 2 with the near id', async () => {
    const r = await run('export', VALID, '--kind', 'spread', '--record', 'alpah');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('has no spread "alpah"');
    expect(r.stderr).toContain('Did you mean "alpha"?');
  });

  it('an id far from every id: no "did you mean"', async () => {
    const r = await run('export', VALID, '--kind', 'spread', '--record', 'omega-point');
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('Did you mean');
  });

  it('--format text is refused with a clear usage error; --format json and --json are the default', async () => {
    const text = await run('export', VALID, '--format', 'text');
    expect(text.code).toBe(2);
    expect(text.stderr).toContain('export prints JSON only');
    const plain = await run('export', VALID);
    expect((await run('export', VALID, '--format', 'json')).stdout).toBe(plain.stdout);
    expect((await run('export', VALID, '--json')).stdout).toBe(plain.stdout);
  });
});
