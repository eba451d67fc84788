// `playmark new`: a new record from its kind's schema, with placeholders that validate reports at
// their own property until they are filled in; a layer entry appended to a layer file. Run on
// copies of the three shipped packs (content/ and schemas/ in a temporary folder) and on a project
// made by `playmark init`; the shipped content/ is never written.
import { Command, CommanderError } from 'commander';
import { load } from 'js-yaml';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { UsageError } from '../src/cli/io.js';
import { main } from '../src/cli/main.js';
import { registerNew, type NewResult } from '../src/cli/new.js';
import type { Diagnostic } from '../src/content/diagnostic.js';
import { Locator } from '../src/content/locate.js';
import { appendEntry } from '../src/content/new-record.js';
import { pointerToSteps } from '../src/content/pointer-steps.js';
import { defaultCacheDir, validate } from '../src/content/validate.js';
import { fakeIo, repoRoot, STACK_LINE } from './helpers.js';

const PACKS = ['archon-skirmish', 'warchon', 'warmaster'] as const;
let base: string;
let shipped: string; // a copy of playmark's content/ and schemas/
let made: string; // a project made by `playmark init`

/** `playmark new ...` through registerNew on a fresh program, with main's handling of errors. */
async function playmarkNew(cwd: string, ...argv: string[]) {
  const f = fakeIo(cwd);
  const program = new Command('playmark').exitOverride().configureOutput({ writeOut: (s) => f.io.out(s), writeErr: (s) => f.io.err(s) });
  registerNew(program, f.io);
  let code: number;
  try {
    await program.parseAsync(['new', ...argv], { from: 'user' });
    code = f.io.exitCode ?? 0;
  } catch (error) {
    if (error instanceof UsageError) {
      f.io.err(`playmark: ${error.message}\n${error.hint ? `  hint: ${error.hint}\n` : ''}`);
      code = 2;
    } else if (error instanceof CommanderError) code = error.code === 'commander.helpDisplayed' ? 0 : 2;
    else throw error;
  }
  expect(f.stderr()).not.toMatch(STACK_LINE);
  return { code, out: f.stdout(), err: f.stderr() };
}

async function newJson(cwd: string, ...argv: string[]): Promise<NewResult> {
  const r = await playmarkNew(cwd, ...argv, '--format', 'json');
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out) as NewResult;
}

function check(root: string): Diagnostic[] {
  return [...validate([path.join(root, 'content')], { cwd: root, cacheDir: defaultCacheDir(repoRoot), schemasDir: path.join(root, 'schemas') }).diagnostics];
}

/** Where validate reports a problem at `pointer` in `file`: `file:line:column`. */
function spot(root: string, file: string, pointer: string): string {
  const locator = new Locator(readFileSync(path.join(root, file), 'utf8'));
  const { line, col } = locator.lineCol(locator.offsetOf(pointerToSteps(pointer), false));
  return `${file}:${line}:${col}`;
}

function errorsIn(diagnostics: readonly Diagnostic[], file: string): Diagnostic[] {
  return diagnostics.filter((d) => d.file === file && d.severity === 'error');
}

/** Sets values at pointers as a designer would in an editor: the comments stay. */
function fill(root: string, file: string, values: Record<string, unknown>): void {
  const abs = path.join(root, file);
  const doc = parseDocument(readFileSync(abs, 'utf8'));
  for (const [pointer, value] of Object.entries(values)) doc.setIn(pointerToSteps(pointer), doc.createNode(value));
  writeFileSync(abs, doc.toString());
}

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'playmark-new-'));
  shipped = path.join(base, 'shipped');
  cpSync(path.join(repoRoot, 'content'), path.join(shipped, 'content'), { recursive: true });
  cpSync(path.join(repoRoot, 'schemas'), path.join(shipped, 'schemas'), { recursive: true });
  const f = fakeIo(base);
  expect(await main(['init', 'tavern'], f.io), f.stderr()).toBe(0);
  made = path.join(base, 'tavern');
  mkdirSync(path.join(made, 'node_modules'));
  symlinkSync(repoRoot, path.join(made, 'node_modules', 'playmark'), 'dir');
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('playmark new on the shipped packs', () => {
  const written: { pack: string; kind: string; result: NewResult; schema: string }[] = [];
  let diagnostics: Diagnostic[] = [];

  beforeAll(async () => {
    for (const pack of PACKS) {
      const manifest = load(readFileSync(path.join(shipped, 'content', pack, 'pack.yaml'), 'utf8')) as {
        kinds: Record<string, { folder: string; schema: string }>;
      };
      for (const [kind, { schema }] of Object.entries(manifest.kinds)) {
        written.push({ pack, kind, schema, result: await newJson(shipped, kind, `new-${kind}`, '--pack', pack) });
      }
    }
    diagnostics = check(shipped);
  });

  it("writes a record of every kind, named after its id, with the modeline as the folder's other files write it", () => {
    expect(written.length).toBeGreaterThanOrEqual(25);
    for (const { pack, kind, result } of written) {
      const folder = path.dirname(path.join(shipped, result.file));
      const text = readFileSync(path.join(shipped, result.file), 'utf8');
      const sibling = readdirSync(folder)
        .filter((n) => n !== `new-${kind}.yaml`)
        .sort()[0]!;
      expect(text.split('\n')[0], `${pack} ${kind}`).toBe(readFileSync(path.join(folder, sibling), 'utf8').split('\n')[0]);
      expect(text.split('\n')[1]).toBe(`id: new-${kind}`);
      expect(result).toMatchObject({ kind, id: `new-${kind}`, file: `content/${pack}/${path.basename(folder)}/new-${kind}.yaml` });
    }
  });

  it("every required property, in the order of the schema's properties", () => {
    for (const { kind, result, schema } of written) {
      const json = JSON.parse(readFileSync(path.join(shipped, 'schemas', schema), 'utf8')) as { properties: object; required: string[] };
      const data = load(readFileSync(path.join(shipped, result.file), 'utf8')) as object;
      // ... and each required property's transcription companion (`specialRules` -> `specialRulesPrinted`).
      const companion = (k: string) => k.endsWith('Printed') && json.required.includes(k.slice(0, -'Printed'.length));
      expect(Object.keys(data), kind).toEqual(Object.keys(json.properties).filter((k) => json.required.includes(k) || companion(k)));
    }
  });

  it('validate reports each placeholder at its property, and nothing else in the new file', () => {
    for (const { kind, result } of written) {
      const errors = errorsIn(diagnostics, result.file);
      const at = new Set(errors.map((d) => `${d.file}:${d.line}:${d.column}`));
      for (const p of result.placeholders)
        expect(at.has(spot(shipped, result.file, p)), `${kind} ${p}: ${errors.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`).join('\n')}`).toBe(
          true,
        );
      const expected = new Set(result.placeholders.map((p) => spot(shipped, result.file, p)));
      expect(errors.filter((d) => !expected.has(`${d.file}:${d.line}:${d.column}`)).map((d) => `${kind} ${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual(
        [],
      );
    }
  });

  it("the placeholders say what to write: an enum lists its values, a reference its kind, a side the manifest's sides, an effect the vocabulary", () => {
    const text = (kind: string) => readFileSync(path.join(shipped, written.find((w) => w.kind === kind)!.result.file), 'utf8');
    const byCode = (file: string, code: string) => errorsIn(diagnostics, file).filter((d) => d.code === code);
    const card = written.find((w) => w.pack === 'archon-skirmish' && w.kind === 'card')!.result.file;
    expect(byCode(card, 'schema/enum').map((d) => d.message)).toContain('`type` is "TODO: one of M, A, D, X"; allowed values: "M", "A", "D", "X".');
    expect(text('unit')).toContain('side: "TODO: one of azuthka, celestine"');
    expect(text('spread')).toContain('terrains: ["TODO: a terrain id"]');
    expect(text('spread')).toMatch(/^name: "" {2}# TODO: The Location Name as printed/m);
    const table = written.find((w) => w.kind === 'teleport-table')!.result.file;
    expect(byCode(table, 'schema/kind')[0]!.message).toMatch(/^Unknown kind "TODO: the effect kind.*allowed: modify-strength, .*manual\.$/);
    // Numbers the source may leave out are null, "not printed", and valid as they stand.
    const unit = written.find((w) => w.kind === 'unit')!.result;
    expect(unit.unprinted).toEqual(expect.arrayContaining(['/points', '/faces/0/hits', '/faces/0/as']));
    expect(unit.placeholders).toEqual(['/source/section', '/name', '/side', '/specialAbilitiesPrinted']);
    expect(text('spread')).toContain('  - [null, null, null, null, null]');
  });

  it('filled in, the new records are valid: a creature, a unit, a spread, a card, an event table', () => {
    const fills: Record<string, Record<string, unknown>> = {
      'archon-skirmish/creature': {
        '/name': 'Wraith',
        '/side': 'dark',
        '/hits': 5,
        '/move': 3,
        '/flyer': true,
        '/attack': 2,
        '/attackName': 'Chill touch',
        '/source/section': 'DARK SIDE CREATURE TABLE',
      },
      'warchon/unit': {
        '/source/section': 'Units in the Demo',
        '/name': 'Ogre Warband',
        '/side': 'azuthka',
        '/specialAbilitiesPrinted': 'None.',
        '/faces/0': { hits: 1, size: 2, movement: 2, as: 3, ds: 2 },
      },
      'warchon/spread': {
        '/source/section': 'Sp. 8: New Spread',
        '/number': 8,
        '/name': 'New Spread',
        '/terrains/0': 'valley',
        '/capacity': 6,
        '/specialRulesPrinted': 'None printed.',
        '/pathsPrinted': 'None printed on this spread.',
        '/combatTable/id': 'new-spread-crt',
        '/combatTable/name': 'New Spread Combat Results Table',
        '/combatTable/columns/0/label': '-5/+5',
        '/combatTable/rows': [['A1'], ['So'], ['Eg'], ['D1'], ['DE']].map((cells, r) => ({ roll: r + 1, cells })),
        // A spread that prints no Events Table.
        '/events': null,
        // Not placeholders: a matrix the source does not print stays null (rng/unfilled warns).
        '/rng': [1, 2, 3, 4, 5].map((r) => [0, 1, 2, 3, 4].map((c) => ((r + c - 1) % 5) + 1)),
      },
      'warmaster/card': {
        '/name': 'Ambush',
        '/side': 'traitor',
        '/source/section': 'Traitor cards',
        '/text': 'Ambush!',
        '/effects/0': { kind: 'manual', note: 'Players resolve it.' },
      },
      'warmaster/teleport-table': {
        '/name': 'Teleportation Table',
        '/source/section': 'Teleportation',
        '/entries/0/roll': { min: 11, max: 66 },
        '/entries/0/name': 'Death!',
        '/entries/0/text': 'The units die.',
        '/entries/0/extension/outcome': 'death',
        '/entries/0/effects/0': { kind: 'manual', note: 'By hand.' },
      },
    };
    for (const [key, values] of Object.entries(fills)) {
      const [pack, kind] = key.split('/') as [string, string];
      const w = written.find((x) => x.pack === pack && x.kind === kind)!;
      for (const p of w.result.placeholders)
        expect(
          Object.keys(values).some((v) => p === v || p.startsWith(`${v}/`)),
          `${key} ${p} filled`,
        ).toBe(true);
      fill(shipped, w.result.file, values);
    }
    // The other new records stay behind, with their placeholders: only the filled ones are asked about.
    const after = check(shipped);
    for (const key of Object.keys(fills)) {
      const [pack, kind] = key.split('/') as [string, string];
      const file = written.find((x) => x.pack === pack && x.kind === kind)!.result.file;
      expect(
        after.filter((d) => d.file === file).map((d) => `${d.code} ${d.message}`),
        key,
      ).toEqual([]);
    }
  });
});

describe('playmark new layer-entry', () => {
  it('appends an entry to the layer file, every other line as it was, with placeholders validate reports', async () => {
    const file = path.join(shipped, 'content/warchon/layers/rulings.yaml');
    const before = readFileSync(file, 'utf8');
    const r = await newJson(shipped, 'layer-entry', 'new-spread-capacity', '--pack', 'warchon', '--layer', 'rulings');
    const after = readFileSync(file, 'utf8');
    expect(after.startsWith(before)).toBe(true);
    const count = (load(before) as { entries: unknown[] }).entries.length;
    expect(r).toMatchObject({ file: 'content/warchon/layers/rulings.yaml', kind: 'layer-entry', id: 'new-spread-capacity' });
    expect(r.placeholders).toEqual(['kind', 'target/kind', 'target/id', 'target/pointer', 'reason'].map((p) => `/entries/${count}/${p}`));
    expect(r.unchecked).toEqual([`/entries/${count}/value`]);
    expect(after.slice(before.length)).toContain('    target:\n      kind: "TODO: one of spread, result, unit,');
    const diagnostics = check(shipped);
    const errors = errorsIn(diagnostics, r.file);
    const at = new Set(errors.map((d) => `${d.file}:${d.line}:${d.column}`));
    for (const p of r.placeholders) expect(at.has(spot(shipped, r.file, p)), p).toBe(true);
    expect(errors.find((d) => d.code === 'schema/enum')!.message).toContain('allowed values: "erratum", "inference", "ruling", "reconstruction"');

    fill(shipped, r.file, {
      [`/entries/${count}/kind`]: 'ruling',
      [`/entries/${count}/target`]: { kind: 'spread', id: 'erdon-pass', pointer: '/capacity' },
      [`/entries/${count}/value`]: 6,
      [`/entries/${count}/reason`]: 'The spread prints no Capacity; six fits its neighbours.',
    });
    expect(errorsIn(check(shipped), r.file)).toEqual([]);
  });

  it('refuses an entry id the pack has in any layer, an unknown layer, and asks which layer when there are several', async () => {
    const taken = await playmarkNew(shipped, 'layer-entry', 'erdon-pass-crt-row-4', '--pack', 'warchon', '--layer', 'inferences');
    expect(taken.code).toBe(2);
    expect(taken.err).toContain('"erdon-pass-crt-row-4" exists already, in content/warchon/layers/reconstructions.yaml');
    const unknown = await playmarkNew(shipped, 'layer-entry', 'x', '--pack', 'warchon', '--layer', 'ruling');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Did you mean "rulings"? Layers: inferences, rulings, reconstructions.');
    const which = await playmarkNew(shipped, 'layer-entry', 'x', '--pack', 'warchon');
    expect(which.code).toBe(2);
    expect(which.err).toContain('--layer <layer>: inferences, rulings');
  });
});

describe('playmark new refuses, writing nothing', () => {
  const units = () => readdirSync(path.join(shipped, 'content/warchon/units')).sort();

  it('an id that exists in the kind: exit 2, and the file is untouched', async () => {
    const before = readFileSync(path.join(shipped, 'content/warchon/units/baphite-swarm.yaml'), 'utf8');
    const r = await playmarkNew(shipped, 'unit', 'baphite-swarm', '--pack', 'warchon');
    expect(r.code).toBe(2);
    expect(r.err).toContain('the unit "baphite-swarm" exists already: content/warchon/units/baphite-swarm.yaml');
    expect(r.err).toContain('hint: Choose another id');
    expect(readFileSync(path.join(shipped, 'content/warchon/units/baphite-swarm.yaml'), 'utf8')).toBe(before);
  });

  it('an id that is not kebab-case, suggesting one', async () => {
    const before = units();
    for (const bad of ['Ogre_Warband', 'ogre--warband', 'ogre-', 'ogre warband']) {
      const r = await playmarkNew(shipped, 'unit', bad, '--pack', 'warchon');
      expect(r.code, bad).toBe(2);
      expect(r.err).toContain(`"${bad}" is not an id`);
      expect(r.err).toContain('kebab-case');
    }
    expect((await playmarkNew(shipped, 'unit', 'Ogre Warband', '--pack', 'warchon')).err).toContain('e.g. ogre-warband');
    expect(units()).toEqual(before);
  });

  it('an unknown kind, with "did you mean" and the kinds there are', async () => {
    const r = await playmarkNew(shipped, 'unti', 'ogre', '--pack', 'warchon');
    expect(r.code).toBe(2);
    expect(r.err).toContain('no kind "unti" in the pack warchon');
    expect(r.err).toContain('Did you mean "unit"? Kinds: spread, result, unit, trait, descriptor, terrain, rules, scenario; or layer-entry');
  });

  it('an unknown pack, with "did you mean"; and asks which pack when the project has several', async () => {
    const r = await playmarkNew(shipped, 'unit', 'ogre', '--pack', 'warchn');
    expect(r.code).toBe(2);
    expect(r.err).toContain('no pack "warchn"');
    expect(r.err).toContain('Did you mean "warchon"?');
    const which = await playmarkNew(path.join(shipped, 'content'), 'unit', 'ogre');
    expect(which.code).toBe(2);
    expect(which.err).toContain('--pack <pack>: archon-skirmish, warchon, warmaster');
  });

  it('with no project around, says how to make one', async () => {
    const nowhere = mkdtempSync(path.join(os.tmpdir(), 'playmark-new-nowhere-'));
    try {
      const r = await playmarkNew(nowhere, 'card', 'x');
      expect(r.code).toBe(2);
      expect(r.err).toContain('playmark init');
    } finally {
      rmSync(nowhere, { recursive: true, force: true });
    }
  });
});

describe('playmark new in a project made by playmark init', () => {
  it('takes the only pack without --pack, from a subfolder, and the card validates once filled in', async () => {
    const r = await playmarkNew(path.join(made, 'templates'), 'card', 'healer');
    expect(r.code, r.err).toBe(0);
    // Outside the working folder, the file is shown by its full path, as validate shows it.
    expect(r.out).toContain(`Wrote ${path.join(made, 'content/tavern/cards/healer.yaml')}: a new card "healer".`);
    expect(r.out).toContain('Fill in these 3 placeholders (validate reports each until it is):\n  /name\n  /text\n  /count\n');
    // `side` is any text or null: no check can tell a placeholder from a value, so it is said.
    expect(r.out).toContain('No check can tell these from a placeholder, so check them yourself: /side.');
    const file = 'content/tavern/cards/healer.yaml';
    const text = readFileSync(path.join(made, file), 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../../schemas/tavern/card.schema.json');
    expect(Object.keys(load(text) as object)).toEqual(['id', 'name', 'side', 'cost', 'text', 'count', 'effects']);
    const placeholders = ['/name', '/text', '/count'];
    const errors = errorsIn(check(made), file);
    for (const p of placeholders) expect(errors.map((d) => `${d.file}:${d.line}:${d.column}`)).toContain(spot(made, file, p));
    fill(made, file, { '/name': 'Healer', '/side': 'red', '/text': 'Heal a unit.', '/count': 2 });
    expect(check(made).filter((d) => d.file === file)).toEqual([]);
  });

  it("names playmark's own schemas where npm installs them, in a folder with no file yet to copy the modeline from", async () => {
    const layers = path.join(made, 'content/tavern/layers');
    const errata = readFileSync(path.join(layers, 'errata.yaml'), 'utf8');
    unlinkSync(path.join(layers, 'errata.yaml'));
    try {
      const r = await newJson(made, 'layer-entry', 'healer-cost');
      expect(r.file).toBe('content/tavern/layers/errata.yaml');
      const text = readFileSync(path.join(made, r.file), 'utf8');
      expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../../node_modules/playmark/schemas/layer.schema.json');
      expect(load(text)).toMatchObject({ id: 'errata', entries: [{ id: 'healer-cost' }] });
      expect(r.placeholders).toEqual(['/entries/0/kind', '/entries/0/target/kind', '/entries/0/target/id', '/entries/0/target/pointer', '/entries/0/reason']);
      const diagnostics = check(made).filter((d) => d.file === r.file);
      expect(diagnostics.map((d) => d.code)).not.toContain('file/schema-comment');
    } finally {
      writeFileSync(path.join(layers, 'errata.yaml'), errata);
    }
  });

  it('a kind folder with no file yet gets the modeline validate expects', async () => {
    const cards = path.join(made, 'content/tavern/cards');
    const saved = readdirSync(cards).map((n) => [n, readFileSync(path.join(cards, n), 'utf8')] as const);
    rmSync(cards, { recursive: true });
    try {
      const r = await newJson(made, 'card', 'first-card');
      expect(readFileSync(path.join(made, r.file), 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=../../../schemas/tavern/card.schema.json');
      expect(check(made).filter((d) => d.file === r.file && d.code === 'file/schema-comment')).toEqual([]);
    } finally {
      rmSync(cards, { recursive: true, force: true });
      mkdirSync(cards);
      for (const [n, t] of saved) writeFileSync(path.join(cards, n), t);
    }
  });
});

describe('playmark new --help and --format json', () => {
  it('--help teaches with examples', async () => {
    const r = await playmarkNew(shipped, '--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Examples:');
    expect(r.out).toContain('playmark new unit ogre-warband --pack warchon');
    expect(r.out).toContain('playmark new layer-entry');
    expect(r.out).toContain('--format <format>');
  });

  it('--format json prints the file, kind, id and the placeholders as JSON pointers', async () => {
    const r = await playmarkNew(shipped, 'creature', 'wraith', '--pack', 'archon-skirmish', '--format', 'json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      file: 'content/archon-skirmish/creatures/wraith.yaml',
      kind: 'creature',
      id: 'wraith',
      placeholders: ['/name', '/side', '/hits', '/move', '/flyer', '/attack', '/attackName', '/source/section'],
      unprinted: [],
      unchecked: [],
    });
  });
});

describe('appendEntry', () => {
  it('turns `entries: []` into a list, and keeps comments after the last entry below the new one', () => {
    expect(appendEntry('id: a\ntitle: A\nentries: []\n', ['id: x', 'kind: ruling'])).toBe('id: a\ntitle: A\nentries:\n  - id: x\n    kind: ruling\n');
    expect(appendEntry('entries:\n    - id: a\n# end\n', ['id: x'])).toBe('entries:\n    - id: a\n    - id: x\n# end\n');
    expect(appendEntry('id: a\n', ['id: x'])).toBeUndefined();
  });
});
