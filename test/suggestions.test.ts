// "Did you mean" only when the suggestion is close; also for a layer target's id and for a
// pointer step that is not a key of its mapping.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { editDistance, nearest } from '../src/content/suggest.js';
import { validate } from '../src/content/validate.js';
import { fixture } from './helpers.js';

describe('nearest', () => {
  it('suggests a choice a typo away: one edit, or two neighbours swapped', () => {
    expect(nearest('strke', ['strike', 'parry'])).toBe('strike');
    expect(nearest('alpah', ['alpha', 'beta'])).toBe('alpha');
    expect(nearest('end-combt', ['end-combat', 'no-effect'])).toBe('end-combat');
    expect(nearest('blu', ['red', 'blue'])).toBe('blue');
  });

  it('suggests nothing far off: more than a third of the name changed', () => {
    expect(nearest('cost', ['id', 'name', 'count'])).toBeUndefined();
    expect(nearest('chess', ['warchon', 'warmaster', 'archon-skirmish'])).toBeUndefined();
    expect(nearest('x', ['yz'])).toBeUndefined();
    expect(nearest('anything', [])).toBeUndefined();
  });

  it('never suggests what was typed', () => {
    expect(nearest('alpha', ['alpha'])).toBeUndefined();
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('alpah', 'alpha')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('suggestions in layer targets', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'playmark-suggest-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  cpSync(fixture('valid'), path.join(work, 'content'), { recursive: true });
  cpSync(fixture('schemas'), path.join(work, 'schemas'), { recursive: true });
  const layer = (target: string) =>
    writeFileSync(
      path.join(work, 'content', 'mini', 'layers', 'inferences.yaml'),
      `# yaml-language-server: $schema=../../../../../schemas/layer.schema.json\nid: inferences\ntitle: T\nentries:\n  - id: e1\n    kind: inference\n    target: ${target}\n    value: 4\n    reason: R.\n`,
    );
  const targetMissing = () => validate([path.join(work, 'content')], { cwd: work }).diagnostics.filter((d) => d.code === 'layer/target-missing');

  it('a mistyped target id gets the nearest id of that kind', () => {
    layer('{ kind: spread, id: alpah, pointer: /rng/4/4 }');
    const [d] = targetMissing();
    expect(d!.message).toContain('no spread with the id "alpah"');
    expect(d!.hint).toBe('Did you mean "alpha"?');
  });

  it('a target id far from every id gets no suggestion', () => {
    layer('{ kind: spread, id: gamma-ray, pointer: /rng/4/4 }');
    expect(targetMissing()[0]!.hint).not.toContain('Did you mean');
  });

  it('a mistyped target kind gets the nearest kind', () => {
    layer('{ kind: spraed, id: alpha, pointer: /rng/4/4 }');
    expect(targetMissing()[0]!.hint).toBe('Did you mean "spread"?');
  });

  it('a pointer step that is not a key of its mapping gets the nearest key, and the keys there', () => {
    layer('{ kind: spread, id: alpha, pointer: /combatTabel/rows/0/0 }');
    const [d] = targetMissing();
    expect(d!.message).toContain('"/combatTabel" does not exist');
    expect(d!.hint).toMatch(/^Did you mean "combatTable"\? Keys there: id, number, name, paths, rng, combatTable, events\.$/);
  });

  it('a pointer step far from every key gets no suggestion', () => {
    layer('{ kind: spread, id: alpha, pointer: /zzzzzz/0 }');
    expect(targetMissing()[0]!.hint).not.toContain('Did you mean');
  });
});

describe('a shortened name', () => {
  it('suggests the one choice that begins with what was typed, before a nearer spelling', () => {
    expect(nearest('archon', ['archon-skirmish', 'warchon', 'warmaster'])).toBe('archon-skirmish');
    expect(nearest('war', ['warchon', 'warmaster'])).toBeUndefined();
  });
});
