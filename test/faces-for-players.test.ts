// Player-facing faces show the game, never the code: a rule note that says which engine file plays
// it is for maintainers, and no printed face of any pack may carry a source path or file name.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderFace } from '../src/render/document.js';
import { createTemplates } from '../src/render/handlebars.js';
import { printablesOf } from './content-support.js';
import { htmlText, repoRoot } from './helpers.js';

const templates = createTemplates(path.join(repoRoot, 'templates'));

describe('faces show the game, not the code', () => {
  for (const pack of ['archon-skirmish', 'warchon', 'warmaster']) {
    it(`${pack}: no face names a source file or the engine's code`, () => {
      const found: string[] = [];
      for (const p of printablesOf(pack)) {
        for (const face of p.faces) {
          const text = htmlText(renderFace(templates, p, face));
          for (const m of text.matchAll(/src\/[\w/.-]+|\b[\w-]+\.(?:ts|js|yaml)\b|effect vocabulary/g)) found.push(`${p.id} ${face.label}: ${m[0]}`);
        }
      }
      expect(found).toEqual([]);
    });
  }
});
