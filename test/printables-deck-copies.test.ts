// printables.yaml's `copies: { deck: <id> }` (issue 20): a designer's generic deck (common/deck:
// `cards: [{ card, copies }]`) prints each card as many times as the deck lists it, in the deck's
// order, and a card the deck does not list not at all. Before it, a generic card had no count to
// name, so a 20-card deck printed one of each (8 faces). Run as a designer would: harbor-raid
// (test/fixtures/projects/harbor-raid/, a 20-card deck of eight cards) copied to a temporary
// folder, given a card template and a printables.yaml, rendered by the real command with the real
// headless Chromium, and the PDF read back.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, repoRoot, STACK_LINE } from './helpers.js';
import { pdftotext, requireBrowser } from './render-pipeline-support.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'playmark-deck-copies-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PACK = 'content/harbor-raid';
const CARD = '<div class="card"><p>FACE {{id}} END</p><h2>{{record.name}}</h2><p>{{record.text}}</p></div>\n';
const printables = (copies: string) => `printables:
  - id: cards
    title: Harbor Raid cards
    type: card
    size: poker
    records: { kind: card, copies: ${copies} }
    front: harbor-raid/card.hbs
`;

/** A fresh copy of harbor-raid with the card template, a spare card no deck lists, and this printables.yaml. */
function project(name: string, copies: string): string {
  const root = path.join(work, name);
  cpSync(fixture('projects', 'harbor-raid'), root, { recursive: true });
  mkdirSync(path.join(root, 'templates/harbor-raid'), { recursive: true });
  writeFileSync(path.join(root, 'templates/harbor-raid/card.hbs'), CARD);
  writeFileSync(path.join(root, PACK, 'cards/spare.yaml'), 'id: spare\nname: Spare\ntext: Not in any deck.\n');
  writeFileSync(path.join(root, PACK, 'printables.yaml'), printables(copies));
  return root;
}

function playmark(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'playmark.js'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  const all = r.stdout + r.stderr;
  expect(all).not.toMatch(STACK_LINE);
  expect(r.status, all).not.toBe(3);
  // The copy's modelines name playmark's schemas relative to the repository: those warnings left out.
  const codes = [...all.matchAll(/ (?:error|warning) \[([^\]]+)\]/g)].map((m) => m[1]).filter((c) => c !== 'file/schema-comment');
  return { code: r.status, all, codes };
}

const deck = load(readFileSync(fixture('projects', 'harbor-raid', PACK, 'decks/harbor-deck.yaml'), 'utf8')) as {
  size: number;
  cards: { card: string; copies: number }[];
};
/** The deck's cards in its order, each as many times as it lists it: what the PDF must hold. */
const expected = deck.cards.flatMap((c) => Array<string>(c.copies).fill(c.card));

describe('copies: { deck } prints a generic deck with its copies', () => {
  let root = '';
  beforeAll(() => {
    requireBrowser();
    root = project('by-deck', '{ deck: harbor-deck }');
  });

  it("a 20-card deck of eight cards prints 20 card faces, each card as many times as the deck lists it, in the deck's order; the card no deck lists prints none", async () => {
    expect(deck.size).toBe(20);
    expect(expected).toHaveLength(20);
    const r = playmark(root, 'render', 'harbor-raid', '--only', 'cards');
    expect(r.code, r.all).toBe(0);
    expect(r.codes).toEqual([]);
    const pdf = path.join(root, 'out/harbor-raid/harbor-raid-cards.pdf');
    const faces = [...(await pdftotext(pdf)).matchAll(/FACE (\S+) END/g)].map((m) => m[1]!);
    expect(faces).toHaveLength(20);
    for (const { card, copies } of deck.cards)
      expect(
        faces.filter((f) => f === card),
        card,
      ).toHaveLength(copies);
    expect(faces).not.toContain('spare');
    // The faces in print order (the HTML the PDF was printed from): the deck's order.
    const html = readFileSync(path.join(root, 'out/harbor-raid/harbor-raid-cards.html'), 'utf8');
    expect([...html.matchAll(/FACE (\S+) END/g)].map((m) => m[1])).toEqual(expected);
  });

  it('without it a generic card has no count to name: a number of copies prints one of each card (9 faces), which is why the deck is named', async () => {
    const plain = project('one-each', '1');
    const r = playmark(plain, 'render', 'harbor-raid', '--only', 'cards');
    expect(r.code, r.all).toBe(0);
    const faces = [...(await pdftotext(path.join(plain, 'out/harbor-raid/harbor-raid-cards.pdf'))).matchAll(/FACE (\S+) END/g)];
    expect(faces).toHaveLength(deck.cards.length + 1);
  });

  it('a deck id the pack lacks is refused by validate (exit 1) at the id, with the deck there is, and render prints nothing', () => {
    const typo = project('typo', '{ deck: harbour-deck }');
    const v = playmark(typo, 'validate');
    expect(v.code).toBe(1);
    expect(v.codes).toEqual(['printable/unknown-deck']);
    expect(v.all).toContain('Did you mean "harbor-deck"?');
    expect(v.all).toMatch(/printables\.yaml:6:\d+ error/);
    const r = playmark(typo, 'render', 'harbor-raid', '--only', 'cards');
    expect(r.code).toBe(1);
    expect(r.codes).toEqual(['printable/unknown-deck']);
  });

  it("a kind that is no generic deck is refused at the kind, naming the pack's generic deck kind", () => {
    const notDeck = project('not-a-deck', '{ kind: card, deck: gale }');
    const v = playmark(notDeck, 'validate');
    expect(v.code).toBe(1);
    expect(v.codes).toEqual(['printable/not-a-deck']);
    expect(v.all).toContain('Generic deck kinds of this pack: deck.');
  });
});
