import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layers run one way: content -> codegen -> engine, analysis, render -> cli. The engine and
// analysis read only generated/ (never YAML, never src/content).
const root = fileURLToPath(new URL('..', import.meta.url));
const ALLOWED: Record<string, readonly string[]> = {
  content: ['content'],
  codegen: ['content', 'codegen'],
  engine: ['engine', 'generated'],
  analysis: ['engine', 'analysis', 'generated'],
  render: ['content', 'engine', 'analysis', 'render', 'generated'],
  cli: ['content', 'codegen', 'engine', 'analysis', 'render', 'cli', 'generated'],
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

/** The layer a resolved import lands in: a src/ folder, generated, or outside the project. */
function layerOf(file: string): string {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'src') return rel[1]!;
  return rel[0]!;
}

describe('layers import only downward', () => {
  for (const layer of Object.keys(ALLOWED)) {
    it(`src/${layer} imports only from ${ALLOWED[layer]!.join(', ')} (and packages)`, () => {
      const bad: string[] = [];
      let dir: string;
      try {
        dir = path.join(root, 'src', layer);
        readdirSync(dir);
      } catch {
        return; // the layer does not exist yet
      }
      for (const file of files(dir)) {
        const text = readFileSync(file, 'utf8');
        // Static imports and re-exports at the start of a line, and dynamic import() calls.
        for (const m of text.matchAll(/^\s*(?:import|export)\b[^;]*?\sfrom\s*'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/gm)) {
          const spec = m[1] ?? m[2]!;
          const target = layerOf(path.resolve(path.dirname(file), spec));
          if (!ALLOWED[layer]!.includes(target)) bad.push(`${path.relative(root, file)} imports ${spec} (${target})`);
        }
        if (layer === 'engine' || layer === 'analysis') {
          if (/from '(yaml|js-yaml|ajv[^']*)'/.test(text)) bad.push(`${path.relative(root, file)} imports a YAML or schema package`);
        }
      }
      expect(bad).toEqual([]);
    });
  }
});
