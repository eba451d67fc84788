// No import circles (issue 21): a module's imports run one way, so a reader can start at the leaves
// (print-options.ts, dice-expression.ts) and never meet a file that needs the one they came from.
// Type imports count too: a circle of types is still a circle to read.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const SRC = path.join(repoRoot, 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

/** Each file's imports of other source files (relative `from './x.js'`, types included). */
function graph(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of files(SRC)) {
    const text = readFileSync(file, 'utf8');
    const deps = [...text.matchAll(/\b(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/g)].map((m) =>
      path.resolve(path.dirname(file), m[1]!).replace(/\.js$/, '.ts'),
    );
    out.set(
      file,
      deps.filter((d) => d.startsWith(SRC)),
    );
  }
  return out;
}

/** The circles of a graph: its strongly connected parts of more than one file (Tarjan). */
function circles(g: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    on.add(v);
    for (const w of g.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1) out.push(part.map((f) => path.relative(SRC, f).split(path.sep).join('/')).sort());
    }
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('imports run one way', () => {
  it('no module of src/ is in an import circle (the render pipeline and the engine included)', () => {
    expect(circles(graph()).map((c) => c.join(' <-> '))).toEqual([]);
  });

  it('the check finds a circle', () => {
    expect(
      circles(
        new Map([
          ['/a', ['/b']],
          ['/b', ['/a']],
          ['/c', ['/a']],
        ]),
      ),
    ).toHaveLength(1);
  });
});
