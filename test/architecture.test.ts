import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layers run one way: content -> engine, analysis, render, codegen -> games (print), cli. The engine and
// analysis take the content as an argument, typed by generated/types (never YAML, never src/content),
// and nothing in src/ imports a generated content module: every command reads the YAML.
const root = fileURLToPath(new URL('..', import.meta.url));
const ALLOWED: Record<string, readonly string[]> = {
  content: ['content'],
  codegen: ['content', 'codegen'],
  engine: ['engine', 'generated'],
  analysis: ['engine', 'analysis', 'generated'],
  render: ['content', 'engine', 'analysis', 'render', 'generated'],
  // What a game prints beyond the generic helpers (src/games/<game>/print/): over render's context
  // types; render never imports a game, it loads the module a pack's printables.yaml names.
  games: ['content', 'engine', 'analysis', 'render', 'games', 'generated'],
  cli: ['content', 'codegen', 'engine', 'analysis', 'render', 'cli', 'generated'],
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
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

describe('one source of truth', () => {
  it('nothing in src/ imports a generated content module (generated/content/ is for programs that embed a pack)', () => {
    const bad: string[] = [];
    for (const file of files(path.join(root, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^\s*(?:import|export)\b[^;]*?\sfrom\s*'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/gm)) {
        const spec = m[1] ?? m[2]!;
        if (
          spec.startsWith('.') &&
          path
            .relative(root, path.resolve(path.dirname(file), spec))
            .split(path.sep)
            .slice(0, 2)
            .join('/') === 'generated/content'
        )
          bad.push(`${path.relative(root, file)} imports ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
