// docs/api.md documents each export of `playmark` (src/index.ts): "Only what this page lists is
// exported". Every name src/index.ts exports, values and types, is named on the page, so an
// export added without its documentation fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as playmark from '../src/index.js';
import { repoRoot } from './helpers.js';

const index = readFileSync(path.join(repoRoot, 'src', 'index.ts'), 'utf8');
const api = readFileSync(path.join(repoRoot, 'docs', 'api.md'), 'utf8');

/** The names `export { ... }` and `export type { ... }` give, as exported (`a as b`: b). */
function exportedNames(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/export (?:type )?\{([^}]*)\}/g)) {
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (name !== '') names.push(name);
    }
  }
  return names;
}

describe('docs/api.md documents the library', () => {
  const names = exportedNames(index);

  it('reads every export of src/index.ts (each value it names is exported)', () => {
    expect(names.length).toBeGreaterThan(150);
    const values = Object.keys(playmark);
    expect(values.filter((v) => !names.includes(v))).toEqual([]);
  });

  it('names every export of `playmark`, the engine core for a game module included', () => {
    const undocumented = names.filter((n) => !new RegExp(`\\b${n.replace(/\$/g, '\\$')}\\b`).test(api));
    expect(undocumented).toEqual([]);
    for (const core of ['createState', 'announce', 'runEffects', 'attemptRun', 'ruleSet', 'RuleHooks', 'fire', 'applyEffects', 'logEvents', 'LogEntry'])
      expect(names).toContain(core);
  });
});
