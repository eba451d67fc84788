// Player-facing faces show the game, never the code: a rule note that says which engine file plays
// it is for maintainers, and no printed face of any pack may carry a source path or file name.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderFace } from '../src/render/document.js';
import { createTemplates } from '../src/render/handlebars.js';
import { notForPlayers } from '../src/content/lint/player-text.js';
import { validate } from '../src/content/validate.js';
import { KIND_LEGENDS, KIND_MARKS, UNKNOWN_LEGEND, UNKNOWN_MARK } from '../src/render/marks.js';
import { packContentOf, printablesOf } from './content-support.js';
import { htmlText, repoRoot } from './helpers.js';

const templates = createTemplates(path.join(repoRoot, 'templates'));

describe('faces show the game, not the code', () => {
  it("lint's print/not-for-players finds nothing in the shipped packs (its fixture in test/diagnostics.test.ts shows it firing)", () => {
    const v = validate([path.join(repoRoot, 'content')], { cwd: repoRoot });
    expect(v.diagnostics.filter((d) => d.code === 'print/not-for-players')).toEqual([]);
    expect(v.packs.map((p) => p.id).sort()).toEqual(['archon-skirmish', 'warchon', 'warmaster']);
  });

  // The render side of lint's print/not-for-players: what a template prints, whatever the data holds.
  for (const pack of ['archon-skirmish', 'warchon', 'warmaster']) {
    it(`${pack}: no face (errata sheet included) holds an id, a pointer, a file name, a command, JSON or a word about the software`, () => {
      const c = packContentOf(pack);
      const ids = new Set(
        [...Object.values(c.records).flatMap((r) => Object.keys(r)), ...c.layers.flatMap((l) => l.entries.map((e) => e.id))].filter((i) => i.includes('-')),
      );
      const names = Object.values(c.records).flatMap((r) => Object.values(r).flatMap((x) => (typeof x.name === 'string' ? [x.name] : [])));
      const found: string[] = [];
      for (const p of printablesOf(pack, '1.2.3')) {
        for (const face of p.faces) {
          const text = htmlText(renderFace(templates, p, face).replace(/<style>[\s\S]*?<\/style>/g, ''));
          for (const f of notForPlayers(text, ids, { written: true, names })) found.push(`${p.id} ${face.label}: ${f.what} "${f.found}"`);
        }
      }
      expect(found).toEqual([]);
    });
  }

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

// A player's face shows the game: a value a layer set carries one small mark and the face's legend
// says in words what it means; the layer entry ids, their kinds and reasons belong on the errata
// sheet only. Every face (and every back) of every printable of every pack but the errata sheet.
describe("faces show the game, not the maintainers' notes", () => {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const pack of ['archon-skirmish', 'warchon', 'warmaster']) {
    it(`${pack}: no face names a layer entry, its kind, a schema or a record file`, () => {
      const ids = packContentOf(pack).layers.flatMap((l) => l.entries.map((e) => e.id));
      expect(ids.length).toBeGreaterThan(0);
      const idPattern = new RegExp(`(?<![\\w-])(?:${ids.map(escape).join('|')})(?![\\w-])`, 'g');
      const found: string[] = [];
      const faces = printablesOf(pack)
        .filter((p) => !p.id.endsWith('-errata'))
        .flatMap((p) => [
          ...p.faces.map((face) => ({ label: `${p.id} ${face.label}`, html: renderFace(templates, p, face) })),
          ...(p.kind === 'card' && p.back
            ? [
                {
                  label: `${p.id} back`,
                  html: renderFace(
                    templates,
                    { ...p, template: p.back.template },
                    { context: p.back.context, marks: {}, footnotes: [], copies: 1, label: 'back' },
                  ),
                },
              ]
            : []),
        ]);
      expect(faces.length).toBeGreaterThan(0);
      for (const { label, html } of faces) {
        const text = htmlText(html);
        const hits = [
          ...text.matchAll(idPattern),
          ...text.matchAll(/[\w.-]+\.schema\.json\b|[\w./-]+\.ya?ml\b/g),
          ...text.matchAll(
            /\b(?:RULING|INFERENCE|RECONSTRUCTION|ERRATUM|ruling|inference|reconstruction|erratum)\b(?=\s*(?:[:(]|\s+[\w-]+-[\w-]+))|\b(?:RULING|INFERENCE|RECONSTRUCTION|ERRATUM)\b/g,
          ),
          ...text.matchAll(/Set by layers/gi),
        ];
        for (const m of hits) found.push(`${label}: ${m[0]}`);
        // One mark per kind (its own symbol, no footnote numbers), and a legend on the face that says in words what each printed means.
        const marks = [...html.matchAll(/<sup class="layer-mark([^"]*)">([^<]*)<\/sup>/g)];
        for (const [, cls, symbol] of marks) {
          const kind = cls!.replace(' mark-', '') as keyof typeof KIND_MARKS;
          if (KIND_MARKS[kind] !== symbol) found.push(`${label}: mark ${symbol} of class "${cls}"`);
          else if (!text.includes(`${symbol} ${KIND_LEGENDS[kind]}`)) found.push(`${label}: ${symbol} without the legend "${KIND_LEGENDS[kind]}"`);
        }
        if (html.includes('class="unknown-mark"') && !text.includes(UNKNOWN_LEGEND))
          found.push(`${label}: ${UNKNOWN_MARK} without the legend "${UNKNOWN_LEGEND}"`);
      }
      expect(found).toEqual([]);
    });
  }

  it('a value nobody knows prints as a mark that says so, not as a dash', () => {
    // A trait the rulebook uses but never defines. (Warmaster's characters printed ? until their
    // values were reconstructed: test/warmaster-reconstructions.test.ts checks no ? is left there.)
    const reference = printablesOf('warchon').find((p) => p.id === 'warchon-reference')!;
    const back = htmlText(renderFace(templates, reference, reference.faces[1]!));
    expect(back).toMatch(/Aquatic\s+\?/);
    expect(back).not.toContain('\u2014');
    expect(back).toContain(`${UNKNOWN_MARK} ${UNKNOWN_LEGEND}`);
  });

  it('a ruling that changes play stays on the turn aid in plain words', () => {
    const turn = printablesOf('archon-skirmish').find((p) => p.id === 'archon-skirmish-turn')!;
    const text = htmlText(renderFace(templates, turn, turn.faces[0]!));
    expect(text).toContain('Only creatures on the line between them block sight.');
    expect(text).toContain(KIND_LEGENDS.ruling);
  });
});
