// A command's refusal outside the content (issue 21) prints as a content diagnostic does: its code,
// its place (the argument on the command line, or the file), the hint; as JSON on stdout with
// --format json; exit 1 for the project's problems, 2 for usage, 3 only for a bug in playmark.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODES } from '../src/content/codes.js';
import { main } from '../src/cli/main.js';
import { fakeIo, repoRoot, STACK_LINE } from './helpers.js';

async function run(argv: string[]) {
  const f = fakeIo(repoRoot);
  const code = await main(argv, f.io);
  return { code, out: f.stdout(), err: f.stderr() };
}

describe('a command refusal is a coded diagnostic', () => {
  it('in text: <command line>:1:<column>, error, [code], the message, the command line with a caret under the argument, and the hint', async () => {
    const r = await run(['odds', 'nope']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.split('\n').slice(0, 4)).toEqual([
      '<command line>:1:15 error [cli/unknown-pack] no pack "nope" in content',
      '  1 | playmark odds nope',
      '    |               ^',
      '  hint: Packs: archon-skirmish, warchon, warmaster.',
    ]);
  });

  it('with --format json (or --json): { ok: false, errors, warnings, diagnostics } on stdout, as validate prints its diagnostics', async () => {
    for (const flags of [['--format', 'json'], ['--json'], ['-f', 'json']]) {
      const r = await run(['odds', 'nope', ...flags]);
      expect(r.code).toBe(2);
      expect(r.err).toBe('');
      const printed = JSON.parse(r.out) as { ok: boolean; errors: number; diagnostics: { code: string; file: string; line: number; column: number }[] };
      expect(printed).toMatchObject({ ok: false, errors: 1, warnings: 0 });
      expect(printed.diagnostics).toEqual([expect.objectContaining({ code: 'cli/unknown-pack', file: '<command line>', line: 1, column: 15 })]);
    }
  });

  it("commander's own refusals (an unknown option, a value not among the choices) are cli/bad-option, pointing to --help", async () => {
    const unknown = await run(['validate', '--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("<command line>:1:19 error [cli/bad-option] unknown option '--bogus'");
    expect(unknown.err).toContain('hint: Run `playmark validate --help`');
    const choice = await run(['odds', 'warchon', '--format', 'yaml']);
    expect(choice.code).toBe(2);
    expect(choice.err).toMatch(/\[cli\/bad-option\] option '-f, --format <format>' argument 'yaml' is invalid\. Allowed choices are text, json\./);
  });

  it('a long argument is not echoed whole on the command line shown', async () => {
    const r = await run(['odds', 'x'.repeat(300)]);
    expect(r.err).toContain('[cli/unknown-pack]');
    const shown = r.err.split('\n').find((l) => l.startsWith('  1 | playmark'));
    expect(shown).toBe(`  1 | playmark odds ${'x'.repeat(40)}…`);
  });

  it('no refusal prints a stack, and none exits 3', async () => {
    for (const argv of [
      ['odds', 'nope'],
      ['simulate', 'warchon', '--games', 'abc', '--seed', '1'],
      ['validate', '--bogus'],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.out + r.err).not.toMatch(STACK_LINE);
      expect(r.out + r.err).not.toContain('internal error');
    }
  });

  it('games stopped by a bug in the game module: exit 1, the report, then game/play-failed (text); with --format json only the report, whose `failed` says it', async () => {
    const project = path.join(repoRoot, 'test', 'fixtures', 'game--play-failed');
    const text = fakeIo(project);
    expect(await main(['simulate', 'race', '--games', '2', '--seed', '1'], text.io)).toBe(1);
    expect(text.stdout()).toContain('Failed, first 2:');
    expect(text.stderr()).toContain('error [game/play-failed] race: 2 of 2 games stopped on a bug in the game module');
    const json = fakeIo(project);
    expect(await main(['simulate', 'race', '--games', '2', '--seed', '1', '--format', 'json'], json.io)).toBe(1);
    expect(JSON.parse(json.stdout())).toMatchObject({ failed: { games: 2 } });
    expect(json.stderr()).not.toContain('game/play-failed');
  });

  it('every code a command gives outside the content says its exit code in the catalogue (docs/diagnostics.md)', () => {
    const commandCodes = [
      'cli/bad-option',
      'cli/unknown-pack',
      'cli/unknown-scenario',
      'file/write-failed',
      'table/lookup-failed',
      'game/setup-failed',
    ] as const;
    for (const code of commandCodes) expect(CODES[code].summary, code).toMatch(/Exit code [12]\./);
  });

  it('the help documents every exit code, exit 3 as a bug to report with the command and the stack', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Exit codes: 0 done, 1 the content has errors');
    expect(r.out).toContain('2 usage error');
    expect(r.out).toMatch(/3 a bug in playmark \(please report it with the command and the stack/);
  });
});
