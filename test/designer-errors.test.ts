// A designer's mistakes in printables.yaml and in templates are theirs, said at their file, line
// and column with what was meant (issue 20): a misspelt `copies`, `order`, `where` or id is an
// error, not a silently wrong print; a template mistake is a coded diagnostic and exit 1, never
// "a bug in playmark" (exit 3) or `[object Object]`; a reference error shows beside the schema
// errors of its file; `export --help` offers only JSON.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { projectPreviewOptions } from '../src/cli/preview.js';
import { findProject } from '../src/content/project.js';
import { recordFields, hasField } from '../src/content/record-fields.js';
import { SchemaRegistry } from '../src/content/schemas.js';
import { validate } from '../src/content/validate.js';
import { createTemplates } from '../src/render/handlebars.js';
import { startPreview } from '../src/render/preview.js';
import { TemplateError } from '../src/render/render-error.js';
import { fakeIo, fixture, repoRoot, STACK_LINE, badCaseProject } from './helpers.js';

const exec = promisify(execFile);
const BIN = path.join(repoRoot, 'bin', 'playmark.js');
const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

function temp(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'playmark-designer-'));
  temps.push(dir);
  return dir;
}

/** A bad-input case's project, copied to a fresh folder. */
function caseProject(name: string): string {
  const dir = path.join(temp(), 'project');
  cpSync(badCaseProject(name), dir, { recursive: true });
  return dir;
}

async function run(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...process.env, HOME: cwd, XDG_CACHE_HOME: path.join(cwd, '.cache') },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The diagnostics of a pack; the bad-input projects' modelines point at an installed playmark, which this repository is not. */
function codesOf(dir: string) {
  return validate([dir], { cwd: repoRoot, cacheDir: false })
    .diagnostics.filter((d) => d.code !== 'file/schema-comment')
    .map(({ code, file, line, column, message, hint }) => ({ code, file, line, column, message, hint }));
}

describe('validate checks every record field a printables.yaml names against the kind', () => {
  it('`order: [sied, name]`: an error at the field, with the field meant, not a render warning', () => {
    const found = codesOf(path.join(badCaseProject('printables-order-typo'), 'content', 'mini'));
    expect(found).toMatchObject([
      {
        code: 'printable/unknown-field',
        line: 11,
        column: 36,
        message: expect.stringContaining('"sied"'),
        hint: expect.stringContaining('Did you mean "side"?'),
      },
    ]);
  });

  it('`where: { sied: red }`: an error at the key', () => {
    const found = codesOf(path.join(badCaseProject('printables-where-typo'), 'content', 'mini'));
    expect(found).toMatchObject([{ code: 'printable/unknown-field', line: 11, column: 37, hint: expect.stringContaining('Did you mean "side"?') }]);
  });

  it('an id in `ids` that names no record is a missing reference at the id, with the id meant', () => {
    const found = codesOf(path.join(badCaseProject('printables-ids-typo'), 'content', 'mini'));
    expect(found).toMatchObject([{ code: 'ref/missing', line: 11, column: 41, message: expect.stringContaining('"knigt"'), hint: 'Did you mean "knight"?' }]);
  });

  it('`copies: text` (a text field) is not a count', () => {
    const found = codesOf(path.join(badCaseProject('printables-copies-not-a-count'), 'content', 'mini'));
    expect(found).toMatchObject([{ code: 'printable/copies-not-a-count', hint: expect.stringContaining('cost, count') }]);
  });

  it('the three shipped packs name only fields their kinds have', () => {
    const found = validate([path.join(repoRoot, 'content')], { cwd: repoRoot, cacheDir: false }).diagnostics.filter(
      (d) => d.code.startsWith('printable/') || d.code.startsWith('template/'),
    );
    expect(found).toEqual([]);
  });
});

describe('the fields of a kind, from its schema', () => {
  const schemas = (files: Record<string, object>) => {
    const dir = temp();
    for (const [rel, schema] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), JSON.stringify(schema));
    }
    return new SchemaRegistry([dir]);
  };
  const object = (props: string[], extra: object = {}) => ({
    type: 'object',
    properties: Object.fromEntries(props.map((p) => [p, { type: 'string' }])),
    ...extra,
  });

  it('follow $ref to another file and allOf: a generic kind extended by a pack is closed by unevaluatedProperties', () => {
    const registry = schemas({
      'common/card.schema.json': object(['id', 'name']),
      'game/card.schema.json': { allOf: [{ $ref: '../common/card.schema.json' }], ...object(['suit']), unevaluatedProperties: false },
    });
    const fields = recordFields(registry, 'game/card.schema.json')!;
    expect([...fields.fields.keys()].sort()).toEqual(['id', 'name', 'suit']);
    expect(hasField(fields, 'name')).toBe(true);
    expect(hasField(fields, 'nmae')).toBe(false);
  });

  it('an open schema (no additionalProperties: false) calls no field unknown', () => {
    const registry = schemas({ 'game/card.schema.json': object(['id']) });
    expect(hasField(recordFields(registry, 'game/card.schema.json')!, 'anything')).toBe(true);
  });
});

describe("template mistakes are the author's", () => {
  const dirWith = (files: Record<string, string>) => {
    const dir = path.join(temp(), 'templates');
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), text);
    }
    return dir;
  };
  const thrown = (fn: () => unknown): unknown => {
    try {
      fn();
    } catch (error) {
      return error;
    }
    throw new Error('nothing was thrown');
  };

  it('an unclosed {{#each}} met at render (past validate) is template/syntax at the {{#each}}', () => {
    const dir = dirWith({ 'x/card.hbs': '<ul>\n  {{#each list}}<li>{{this}}</li>\n</ul>\n' });
    const error = thrown(() => createTemplates([dir]).render('x/card.hbs', { list: [1] }));
    expect(error).toBeInstanceOf(TemplateError);
    expect((error as TemplateError).diagnostic).toMatchObject({ code: 'template/syntax', line: 2, column: 3, sourceLine: '  {{#each list}}<li>{{this}}</li>' });
  });

  it("a mistake in a partial is placed in the partial's own file, with the fields of the context it was given", () => {
    const dir = dirWith({ 'x/card.hbs': '<div>\n{{> footer side}}\n</div>', 'partials/footer.hbs': '<footer>\n  {{nmae}}\n</footer>' });
    const error = thrown(() => createTemplates([dir]).render('x/card.hbs', { side: { id: 'red', name: 'Red' } })) as TemplateError;
    expect(error.diagnostic).toMatchObject({ code: 'template/unknown-field', line: 2, column: 5, hint: expect.stringContaining('Did you mean "name"?') });
    expect(error.diagnostic.file).toMatch(/partials\/footer\.hbs$/);
  });

  it('a field of a value that is null says so, and how to show it only when set', () => {
    const dir = dirWith({ 'x/card.hbs': '<p>{{side.name}}</p>' });
    const error = thrown(() => createTemplates([dir]).render('x/card.hbs', { side: null })) as TemplateError;
    expect(error.diagnostic).toMatchObject({
      code: 'template/unknown-field',
      line: 1,
      column: 6,
      message: expect.stringContaining('"side" is null'),
      hint: expect.stringContaining('{{#if side}}'),
    });
  });

  it("a field misspelt inside {{#each}} is looked up in the item: the hint names the item's fields", () => {
    const dir = dirWith({ 'x/card.hbs': '{{#each sides}}\n  <li>{{nmae}}</li>\n{{/each}}' });
    const error = thrown(() => createTemplates([dir]).render('x/card.hbs', { sides: [{ id: 'red', name: 'Red' }] })) as TemplateError;
    expect(error.diagnostic).toMatchObject({ line: 2, column: 9, hint: 'Did you mean "name"? Fields of the context here: id, name.' });
  });

  describe("a misspelt field inside a helper's arguments is template/unknown-field at the argument, as in a plain mustache", () => {
    const card = { record: { id: 'knight', cs: 2, name: 'Knight', note: null }, id: 'knight', side: null, marks: {} };
    const render = (template: string, context: Record<string, unknown> = card) =>
      createTemplates([dirWith({ 'x/card.hbs': template })]).render('x/card.hbs', context);
    const mistake = (template: string, context?: Record<string, unknown>) => (thrown(() => render(template, context)) as TemplateError).diagnostic;

    it.each([
      ['show', '<p>\n  {{show record.cst}}</p>', 2, 10],
      ['known', '{{known record.cst}}', 1, 9],
      ['mark', '<h2>{{mark marks id record.cst}}</h2>', 1, 21],
      ['a sub-expression: add', '{{show (add record.cst 1)}}', 1, 13],
      ['a sub-expression inside #if: eq', '{{#if (eq record.cst 2)}}two{{/if}}', 1, 11],
      ['a hash argument', '{{join record.name sep=record.cst}}', 1, 24],
    ])('%s', (_, template, line, column) => {
      expect(mistake(template)).toMatchObject({
        code: 'template/unknown-field',
        severity: 'error',
        line,
        column,
        message: expect.stringContaining('but "record" has no field "cst"'),
        hint: expect.stringContaining('Did you mean "cs"?'),
      });
    });

    it('the message names the helper that was given the field', () => {
      expect(mistake('{{show record.cst}}').message).toBe('The template gives record.cst to the helper "show", but "record" has no field "cst".');
    });

    it("a partial's context or argument is checked the same way", () => {
      const dir = dirWith({ 'x/card.hbs': '{{> footer sied}}', 'partials/footer.hbs': '<footer>{{name}}</footer>' });
      const error = thrown(() => createTemplates([dir]).render('x/card.hbs', { side: { name: 'Red' } })) as TemplateError;
      expect(error.diagnostic).toMatchObject({
        code: 'template/unknown-field',
        line: 1,
        column: 12,
        message: expect.stringContaining('the partial "footer"'),
        hint: expect.stringContaining('Did you mean "side"?'),
      });
    });

    it("inside {{#each}} the argument is looked up in the item, and the hint names the item's fields", () => {
      expect(mistake('{{#each sides}}\n  {{show nmae}}\n{{/each}}', { sides: [{ id: 'red', name: 'Red' }] })).toMatchObject({
        line: 2,
        column: 10,
        hint: 'Did you mean "name"? Fields of the context here: id, name.',
      });
    });

    it('a field of null given to a helper says it is null (it was a TypeError, a bug in playmark)', () => {
      expect(mistake('{{show side.name}}')).toMatchObject({
        code: 'template/unknown-field',
        message: expect.stringContaining('"side" is null here'),
        hint: expect.stringContaining('{{#if side}}'),
      });
    });

    it('a field that is there prints as before, null included (show prints a dash, known the unknown mark)', () => {
      expect(render('{{show record.cs}} {{show record.note}} {{mark marks id "/cs"}}')).toBe('2 \u2014 ');
      expect(render('{{known record.note}}')).toContain('unknown-mark');
    });

    it('an optional field absent from this record is not an error where only its presence is asked: #if, #unless, #each, #with, and and/or/not inside them', () => {
      expect(render('{{#if record.extra}}{{known record.extra}}{{/if}}')).toBe('');
      expect(render('{{#unless record.extra}}none{{/unless}}')).toBe('none');
      expect(render('{{#each record.extras}}{{show this}}{{else}}none{{/each}}')).toBe('none');
      expect(render('{{#with record.extra}}{{show this}}{{else}}none{{/with}}')).toBe('none');
      expect(render('{{#if (or record.extra record.cs)}}some{{/if}}')).toBe('some');
      expect(render('{{#if (and record.cs (not record.extra))}}plain{{/if}}')).toBe('plain');
    });

    it("a string's length (or a character) reads, in a helper's argument and a plain mustache (it was a TypeError from the strict check)", () => {
      expect(render('{{#if (eq record.name.length 6)}}six{{/if}} {{show record.name.[0]}} {{record.name.length}}')).toBe('six K 6');
    });

    it('a misspelt field halfway down a path is reported at the path, naming it (it was a TypeError, a bug in playmark)', () => {
      expect(mistake('{{record.cst.value.text}}')).toMatchObject({
        code: 'template/unknown-field',
        line: 1,
        column: 3,
        message: 'The template shows {{record.cst.value.text}}, but "record" has no field "cst".',
        hint: expect.stringContaining('Did you mean "cs"?'),
      });
      expect(mistake('{{show record.cst.value.text}}')).toMatchObject({
        code: 'template/unknown-field',
        column: 8,
        hint: expect.stringContaining('Did you mean "cs"?'),
      });
    });

    it('a guard on a path through an absent field is false, not an error', () => {
      expect(render('{{#if record.extra.value.text}}set{{else}}unset{{/if}}')).toBe('unset');
    });
  });

  it("render with a misspelt field: exit 1, the diagnostic at the template's line and column, no internal error, no [object Object], nothing written", async () => {
    const project = caseProject('template-misspelt-field');
    const r = await run(project, 'render');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'templates/mini/card.hbs:8:11 error [template/unknown-field] The template shows {{record.nmae}}, but "record" has no field "nmae".',
    );
    expect(r.stderr).toContain('hint: Did you mean "name"?');
    expect(r.stderr).not.toMatch(/internal error|\[object Object\]|a bug in playmark/);
    expect(r.stderr).not.toMatch(STACK_LINE);
    expect(existsSync(path.join(project, 'out', 'mini', 'mini-cards.html'))).toBe(false);
  }, 60_000);

  it('render with a misspelt field given to a helper ({{show record.cots}}): exit 1 at the argument, the field meant, nothing written', async () => {
    const project = caseProject('template-misspelt-helper-argument');
    const r = await run(project, 'render');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'templates/mini/card.hbs:9:31 error [template/unknown-field] The template gives record.cots to the helper "show", but "record" has no field "cots".',
    );
    expect(r.stderr).toContain('hint: Did you mean "cost"?');
    expect(r.stderr).not.toMatch(STACK_LINE);
    expect(existsSync(path.join(project, 'out', 'mini', 'mini-cards.html'))).toBe(false);
  }, 60_000);

  it('build stops at the same mistake with exit 1', async () => {
    const r = await run(caseProject('build-template-misspelt-field'), 'build');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('[template/unknown-field]');
  }, 60_000);

  it('validate reports an unclosed {{#each}} of a template a printable names, exit 1', async () => {
    const r = await run(caseProject('template-unclosed-each'), 'validate');
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toContain('templates/mini/card.hbs:13:11 error [template/syntax] The block {{#each}} is never closed.');
  }, 60_000);

  it('the preview lays the same diagnostic over the page', async () => {
    const project = caseProject('template-misspelt-field');
    const server = await startPreview({ ...projectPreviewOptions(findProject(project)!, fakeIo(project).io), port: 0 });
    try {
      const res = await fetch(new URL('/mini/mini-cards', server.url));
      const html = await res.text();
      expect(res.status).toBe(500);
      expect(html).toContain('templates/mini/card.hbs:8:11');
      expect(html).toContain('template/unknown-field');
      expect(html).toContain('Did you mean &quot;name&quot;?');
    } finally {
      await server.close();
    }
  });
});

describe('a card too large for the paper says which printable and what to change', () => {
  it("a printable whose own `size` fits the paper neither upright nor turned is the pack's to fix: exit 1, naming it and its size", async () => {
    const project = caseProject('template-misspelt-helper');
    const card = path.join(project, 'templates/mini/card.hbs');
    writeFileSync(card, readFileSync(card, 'utf8').replace('{{shw ', '{{show '));
    const printables = path.join(project, 'content/mini/printables.yaml');
    writeFileSync(printables, readFileSync(printables, 'utf8').replace('size: poker', 'size: { width: 250, height: 230 }'));
    const r = await run(project, 'render');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('a 250 mm card does not fit on 210 mm of paper: the printable mini-cards is 250 x 230 mm by its `size` in printables.yaml.');
  }, 60_000);
});

describe('smaller points', () => {
  it('export --help offers only the format export prints', async () => {
    const r = await run(repoRoot, 'export', '--help');
    expect(r.stdout).toContain('--format <format>');
    expect(r.stdout).not.toMatch(/"text"|text,|choices/);
  });

  it('a reference whose own value is valid is reported beside the schema errors of its file; one whose value breaks the schema is not', () => {
    const found = codesOf(fixture('cases', 'ref-beside-schema-error')).map(({ code, line, column }) => ({ code, line, column }));
    expect(found).toEqual([
      { code: 'ref/missing', line: 3, column: 17 },
      { code: 'schema/pattern', line: 3, column: 24 },
      { code: 'schema/type', line: 4, column: 7 },
    ]);
  });
});
