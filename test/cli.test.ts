// The CLI, run in-process through main(argv, io) with a fake Io: exit codes, the three output
// formats, export, and never a stack trace whatever the input.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { fakeIo, repoRoot, STACK_LINE } from './helpers.js';

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function run(...argv: string[]): Promise<Run> {
  const f = fakeIo(repoRoot);
  const code = await main(argv, f.io);
  const result = { code, stdout: f.stdout(), stderr: f.stderr() };
  // Whatever happens, no output carries a stack trace or the internal-error banner.
  expect(result.stdout, 'stdout').not.toMatch(STACK_LINE);
  expect(result.stderr, 'stderr').not.toMatch(STACK_LINE);
  expect(result.stderr, 'stderr').not.toContain('internal error');
  return result;
}

const VALID = 'test/fixtures/valid/mini';
const BROKEN = 'test/fixtures/schema--type';
const BROKEN_FILE = 'test/fixtures/schema--type/cards/strike.yaml';
const WARNINGS_ONLY = 'test/fixtures/path--one-way';

interface JsonDiagnostic {
  code: string;
  severity: string;
  file: string;
  line: number;
  column: number;
  message: string;
  hint: string;
}

describe('validate: exit codes', () => {
  it('exits 0 on a clean pack and says so', async () => {
    const r = await run('validate', VALID);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 pack checked: clean');
    expect(r.stderr).toBe('');
  });

  it('exits 1 on a pack with an error', async () => {
    const r = await run('validate', BROKEN);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('1 error, 0 warnings');
  });

  it('exits 0 on warnings alone', async () => {
    const r = await run('validate', WARNINGS_ONLY);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('0 errors, 1 warning');
  });

  it('exits 1 on warnings alone with --strict', async () => {
    const r = await run('validate', '--strict', WARNINGS_ONLY);
    expect(r.code).toBe(1);
  });

  it('exits 0 on a clean pack with --strict', async () => {
    expect((await run('validate', '--strict', VALID)).code).toBe(0);
  });

  it('exits 2 on an unknown option, saying which', async () => {
    const r = await run('validate', '--bogus', VALID);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--bogus');
    expect(r.stdout).toBe('');
  });

  it('exits 2 on a path that does not exist, with a hint', async () => {
    const r = await run('validate', 'test/fixtures/no-such-folder');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no-such-folder');
    expect(r.stderr).toContain('hint:');
    expect(r.stdout).toBe('');
  });

  it('exits 2 on a --format value it does not know, naming the allowed ones', async () => {
    const r = await run('validate', '--format', 'xml', VALID);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('xml');
    expect(r.stderr).toContain('json');
    expect(r.stdout).toBe('');
  });

  it('exits 2 on an unknown command', async () => {
    const r = await run('frobnicate');
    expect(r.code).toBe(2);
    expect(r.stderr).not.toBe('');
  });

  it('exits 0 on --help', async () => {
    const r = await run('validate', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage:');
  });
});

describe('validate: output formats', () => {
  it('text shows file:line:col, the code, the message, the source line, a caret under the column and the hint', async () => {
    const r = await run('validate', BROKEN);
    const lines = r.stdout.split('\n');
    const head = lines.findIndex((l) => l.startsWith(`${BROKEN_FILE}:4:8 error [schema/type] `));
    expect(head, r.stdout).toBeGreaterThanOrEqual(0);
    expect(lines[head + 1]).toBe('  4 | count: two');
    expect(lines[head + 2]).toBe('    |        ^');
    // The caret sits under the first character of the bad value.
    expect(lines[head + 2]!.indexOf('^')).toBe(lines[head + 1]!.indexOf('two'));
    expect(lines[head + 3]).toMatch(/^ {2}hint: \S/);
  });

  it('text has no colour codes when colour is off', async () => {
    const r = await run('validate', BROKEN);
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('--format json parses, and each diagnostic has code, file, line, column and hint', async () => {
    const r = await run('validate', '--format', 'json', BROKEN);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { ok: boolean; errors: number; warnings: number; diagnostics: JsonDiagnostic[] };
    expect(report).toMatchObject({ ok: false, errors: 1, warnings: 0 });
    expect(report.diagnostics).toHaveLength(1);
    expect(report.diagnostics[0]).toMatchObject({ code: 'schema/type', severity: 'error', file: BROKEN_FILE, line: 4, column: 8 });
    expect(report.diagnostics[0]!.hint).not.toBe('');
    expect(report.diagnostics[0]!.message).not.toBe('');
  });

  it('--format json on a clean pack says ok, with the pack summary', async () => {
    const r = await run('validate', '--format', 'json', VALID);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { ok: boolean; packs: { id: string }[]; diagnostics: unknown[] };
    expect(report.ok).toBe(true);
    expect(report.packs.map((p) => p.id)).toEqual(['mini']);
    expect(report.diagnostics).toEqual([]);
  });

  it('--format github prints one ::error annotation per error with file, line and col', async () => {
    const r = await run('validate', '--format', 'github', BROKEN);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^::error file=${BROKEN_FILE},line=4,col=8,title=schema/type::\\S`));
  });

  it('--format github prints warnings as ::warning', async () => {
    const r = await run('validate', '--format', 'github', WARNINGS_ONLY);
    expect(r.stdout).toMatch(/^::warning file=test\/fixtures\/path--one-way\/spreads\/alpha\.yaml,line=5,col=9,/);
  });
});

describe('export', () => {
  interface Exported {
    pack: { id: string; layers: string[] };
    content: string;
    kinds: Record<string, unknown[]>;
  }
  type Spread = { id: string; rng: (number | string | null)[][] };
  type WithProvenance = {
    id: string;
    data: Spread;
    provenance: { source: string; layers: Record<string, { layer: string; entry: string; kind: string; reason: string }> };
  };

  const alpha = (out: Exported) => (out.kinds.spread as Spread[]).find((s) => s.id === 'alpha')!;

  it('prints the effective content as JSON, records grouped by kind', async () => {
    const r = await run('export', VALID);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as Exported;
    expect(out.content).toBe('effective');
    expect(out.pack.id).toBe('mini');
    expect(Object.keys(out.kinds)).toEqual(['card', 'deck', 'odds-table', 'roll-table', 'scenario', 'spread', 'unit']);
    expect(alpha(out).rng[4]![4]).toBe(4); // set by the layer
  });

  it('--base leaves a value a layer sets as the source prints it (null)', async () => {
    const r = await run('export', VALID, '--base');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Exported;
    expect(out.content).toBe('base');
    expect(alpha(out).rng[4]![4]).toBeNull();
    expect(alpha(out).rng[0]![4]).toBe('5E');
  });

  it('--provenance names the layer entry that set a value, and the source file of the record', async () => {
    const r = await run('export', VALID, '--provenance');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Exported;
    const record = (out.kinds.spread as WithProvenance[]).find((s) => s.id === 'alpha')!;
    expect(record.data.rng[4]![4]).toBe(4);
    expect(record.provenance.source).toBe('test/fixtures/valid/mini/spreads/alpha.yaml');
    expect(record.provenance.layers['/rng/4/4']).toMatchObject({ layer: 'inferences', entry: 'alpha-rng-5-5', kind: 'inference' });
    const beta = (out.kinds.spread as WithProvenance[]).find((s) => s.id === 'beta')!;
    expect(beta.provenance.layers).toEqual({});
  });

  it('of a broken pack exits 1, with the diagnostics on stderr and nothing on stdout', async () => {
    const r = await run('export', BROKEN);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${BROKEN_FILE}:4:8`);
    expect(r.stderr).toContain('[schema/type]');
  });

  it('of a pack that does not exist exits 2', async () => {
    const r = await run('export', 'test/fixtures/no-such-pack');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('no-such-pack');
  });
});

describe('garbage in, diagnostics out: never a stack trace', () => {
  const garbage: [string, string, string][] = [
    ['a binary file named x.yaml', 'test/fixtures/cases/garbage-binary', 'test/fixtures/cases/garbage-binary/cards/x.yaml:1:1 error [file/encoding]'],
    ['an empty pack.yaml', 'test/fixtures/cases/garbage-empty-manifest', 'test/fixtures/cases/garbage-empty-manifest/pack.yaml:1:1 error [yaml/empty]'],
    ['a pack.yaml that is a list', 'test/fixtures/cases/garbage-list-manifest', '[schema/type]'],
    ['a record that is a scalar', 'test/fixtures/cases/garbage-scalar-record', '[schema/type]'],
  ];

  for (const [what, dir, shown] of garbage) {
    it(`validate reports ${what} as a diagnostic and exits 1`, async () => {
      const r = await run('validate', dir);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(shown);
    });

    it(`validate --format json of ${what} is still JSON`, async () => {
      const r = await run('validate', '--format', 'json', dir);
      expect(r.code).toBe(1);
      const report = JSON.parse(r.stdout) as { diagnostics: JsonDiagnostic[] };
      expect(report.diagnostics.length).toBeGreaterThan(0);
    });

    it(`export of ${what} exits 1 with nothing on stdout`, async () => {
      const r = await run('export', dir);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(shown);
    });
  }

  it('validate of every fixture at once (a content root of broken packs) exits 1 in every format', async () => {
    for (const format of ['text', 'json', 'github']) {
      const r = await run('validate', '--format', format, 'test/fixtures', 'test/fixtures/cases');
      expect(r.code, format).toBe(1);
      if (format === 'json') expect(() => JSON.parse(r.stdout)).not.toThrow();
    }
  });

  it('validate of a file rather than a folder is a diagnostic, not a crash', async () => {
    const r = await run('validate', `${VALID}/pack.yaml`);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('[pack/not-found]');
  });
});

describe('help and README say what the commands do', () => {
  /** The command names `playmark --help` lists. */
  async function commandsInHelp(): Promise<string[]> {
    const r = await run('--help');
    const section = r.stdout.split(/^Commands:$/m)[1] ?? '';
    return [...section.matchAll(/^ {2}([a-z]+)\b/gm)].map((m) => m[1]!).filter((c) => c !== 'help');
  }

  it("the README's command list names every command the CLI has (new, diff, fmt, preview and docs too)", async () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const block = /## Commands\n\n```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const listed = new Set([...block.matchAll(/^playmark ([a-z]+)\b/gm)].map((m) => m[1]!));
    const commands = await commandsInHelp();
    expect(commands.length).toBeGreaterThan(15);
    expect(commands.filter((c) => !listed.has(c))).toEqual([]);
  });

  it("main --help gives coverage's four answers: runs, runs on test content, unused and manual", async () => {
    // Its summary, wrapped over several lines up to the next command.
    const summary = /^ {2}coverage\b([\s\S]*?)^ {2}[a-z]/m.exec((await run('--help')).stdout)?.[1]?.replace(/\s+/g, ' ') ?? '';
    for (const word of ['runs', 'runs on test content', 'unused', 'manual']) expect(summary, word).toContain(word);
  });

  it('init --help says init writes a project, not that it validates, generates and prints at once', async () => {
    const r = await run('init', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/validates, generates and prints at once/);
    expect(r.stdout).toMatch(/^Make a new project in DIR \(default: here\): writes /m);
    expect(r.stdout).toContain('--pack my-war');
  });
});
