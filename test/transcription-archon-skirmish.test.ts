// Transcription checks for the ARCHON SKIRMISH pack: the printed tables are parsed out of the rule
// text and every row is compared with the base YAML records, so a single mistyped cell fails.
// The rule text is read from its verbatim excerpts in test/fixtures/source/archon-skirmish.txt.
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { sourceText } from './source-text.js';

const PACK = new URL('../content/archon-skirmish/', import.meta.url);

type Rec = Record<string, any>;

const text = sourceText('archon-skirmish');
const lines = text.split(/\r?\n/);
const manifest: Rec = parse(readFileSync(new URL('pack.yaml', PACK), 'utf8'));

/** The base records of one kind, by id (layers not applied). */
function records(kind: string): Map<string, Rec> {
  const folder: string = manifest.kinds[kind].folder;
  const dir = new URL(`${folder}/`, PACK);
  const out = new Map<string, Rec>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const rec: Rec = parse(readFileSync(new URL(file, dir), 'utf8'));
    out.set(rec.id, rec);
  }
  return out;
}

function layer(id: string): Rec {
  return parse(readFileSync(new URL(`layers/${id}.yaml`, PACK), 'utf8'));
}

/** The lines of a section: from the line after its heading to the first blank line. */
function section(heading: string): string[] {
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) throw new Error(`heading not found: ${heading}`);
  const out: string[] = [];
  for (const l of lines.slice(start + 1)) {
    if (l.trim() === '') break;
    out.push(l);
  }
  return out;
}

interface CreatureRow {
  name: string;
  hits: number;
  move: number;
  flyer: boolean;
  attack: number;
  notes: string;
}

/** A creature table: header line, then `Name Hits Move Attack Notes` rows split on whitespace. */
function creatureTable(heading: string): CreatureRow[] {
  const [header, ...rows] = section(heading);
  expect(header?.split(/\s+/)).toEqual(['Name', 'Hits', 'Move', 'Attack', 'Notes']);
  return rows.map((row) => {
    const [name, hits, move, attack, ...notes] = row.trim().split(/\s+/);
    const m = /^(\d+)(F?)$/.exec(move ?? '');
    if (!name || !hits || !attack || !m) throw new Error(`bad creature row: ${row}`);
    return { name, hits: Number(hits), move: Number(m[1]), flyer: m[2] === 'F', attack: Number(attack), notes: notes.join(' ') };
  });
}

interface CardRow {
  name: string;
  count: number;
  range: number | null;
  type: string;
  notes: string | null;
}

/** The CARD LIST: `Card Name: # Range Type Notes`, names and notes may hold spaces, so split on tabs. */
function cardList(): CardRow[] {
  const [header, ...rows] = section('CARD LIST');
  expect(header?.split(/\t+/)).toEqual(['Card Name:', '#', 'Range', 'Type', 'Notes']);
  return rows.map((row) => {
    const cells = row.split(/\t+/).map((c) => c.trim());
    const [name, count, range, type, notes] = cells;
    if (!name || !count || !range || !type || cells.length > 5) throw new Error(`bad card row: ${row}`);
    return { name, count: Number(count), range: range === '-' ? null : Number(range), type, notes: notes ?? null };
  });
}

/** `X = Meaning` lines of a notation section. */
function notation(heading: string): Map<string, string> {
  return new Map(
    section(heading).map((l) => {
      const [k, v] = l.split(' = ');
      return [k!.trim(), v!.trim()] as [string, string];
    }),
  );
}

const kebab = (s: string) => s.toLowerCase().trim().replace(/\s+/g, '-');
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('ARCHON SKIRMISH creature tables', () => {
  const creatures = records('creature');
  for (const [heading, side] of [
    ['LIGHT SIDE CREATURE TABLE', 'light'],
    ['DARK SIDE CREATURE TABLE', 'dark'],
  ] as const) {
    it(`${heading}: every row equals its creature record (hits, move, flyer, attack, notes)`, () => {
      const rows = creatureTable(heading);
      expect(rows).toHaveLength(8);
      for (const row of rows) {
        const rec = creatures.get(kebab(row.name));
        expect(rec, row.name).toBeDefined();
        expect(
          {
            name: rec!.name,
            side: rec!.side,
            hits: rec!.hits,
            move: rec!.move,
            flyer: rec!.flyer,
            attack: rec!.attack,
            attackName: rec!.attackName,
            source: rec!.source,
          },
          row.name,
        ).toEqual({
          name: row.name,
          side,
          hits: row.hits,
          move: row.move,
          flyer: row.flyer,
          attack: row.attack,
          attackName: row.notes,
          source: { section: heading },
        });
      }
      const recNames = [...creatures.values()]
        .filter((c) => c.side === side)
        .map((c) => c.name)
        .sort();
      expect(recNames).toEqual(rows.map((r) => r.name).sort());
    });
  }

  it('CREATURES: "Each player has 8 unique creatures." holds for both tables and both armies', () => {
    expect(section('CREATURES')).toContain('Each player has 8 unique creatures.');
    const scenario = records('scenario').get('standard-game')!;
    for (const [heading, side] of [
      ['LIGHT SIDE CREATURE TABLE', 'light'],
      ['DARK SIDE CREATURE TABLE', 'dark'],
    ] as const) {
      const names = creatureTable(heading).map((r) => r.name);
      expect(new Set(names).size).toBe(8);
      const army = scenario.sides.find((s: Rec) => s.side === side).army.units as Rec[];
      expect(army.map((u) => u.unit).sort()).toEqual(names.map(kebab).sort());
      expect(army.every((u) => u.count === 1)).toBe(true);
    }
    expect(records('creature').size).toBe(16);
  });

  it('UNITS TABLE NOTATION: F = Flyer is the only Move suffix, and flyers are flagged', () => {
    expect(section('UNITS TABLE NOTATION')).toContain('F = Flyer');
    const flyers = [...records('creature').values()]
      .filter((c) => c.flyer)
      .map((c) => c.id)
      .sort();
    expect(flyers).toEqual(['djinni', 'dragon', 'manticore', 'phoenix', 'shapeshifter', 'valkyrie']);
  });
});

describe('ARCHON SKIRMISH card list and deck', () => {
  const cards = records('card');
  const rows = cardList();
  const types = notation('CARD LIST NOTATION');

  it("CARD LIST: every line equals its card record (range, type, side restriction, spell, notes) and its # the deck's copies of it, in the printed order", () => {
    expect(rows).toHaveLength(15);
    const deck = records('deck').get('common-deck')!;
    expect(deck.cards).toEqual(rows.map((r) => ({ card: kebab(r.name), copies: r.count })));
    for (const row of rows) {
      const rec = cards.get(kebab(row.name));
      expect(rec, row.name).toBeDefined();
      const side = row.notes === 'Dark side only' ? 'dark' : row.notes === 'Light side only' ? 'light' : null;
      expect(
        {
          name: rec!.name,
          range: rec!.range,
          type: rec!.type,
          typeName: rec!.typeName,
          side: rec!.side,
          spell: rec!.spell,
          notes: rec!.notes,
          source: rec!.source,
        },
        row.name,
      ).toEqual({
        name: row.name,
        range: row.range,
        type: row.type,
        typeName: types.get(row.type),
        side,
        spell: row.notes === 'Spell',
        notes: row.notes,
        source: { section: 'CARD LIST' },
      });
    }
    expect([...cards.keys()].sort()).toEqual(rows.map((r) => kebab(r.name)).sort());
  });

  it('CARD LIST NOTATION: the four types M, A, D, X', () => {
    expect(Object.fromEntries([...types].filter(([k]) => k.length === 1 && k !== '#'))).toEqual({
      M: 'Movement',
      A: 'Attack',
      D: 'Defense',
      X: 'Special',
    });
  });

  it('CARD LIST: the printed counts add up to 50, the size of the common deck (THE CARDS)', () => {
    const printed = rows.reduce((n, r) => n + r.count, 0);
    expect(printed).toBe(50);
    const deck = records('deck').get('common-deck')!;
    expect(deck.size).toBe(50);
    expect(deck.cards.map((c: Rec) => c.card).sort()).toEqual([...cards.keys()].sort());
    expect(deck.cards.reduce((n: number, c: Rec) => n + c.copies, 0)).toBe(deck.size);
    expect(deck.text).toBe(flat(section('THE CARDS').join(' ')));
  });

  it('CARD LIST: Move and Attack cards are capped by the creature stat the notation names', () => {
    for (const c of cards.values()) {
      if (c.type === 'A') expect(c.limitedBy, c.id).toBe('attack');
      if (c.type === 'M' && !c.spell) expect(c.limitedBy, c.id).toBe('move');
    }
    // Teleport (M, Range 6) conflicts with every creature's Move (at most 5): left null for a ruling.
    const maxMove = Math.max(...[...records('creature').values()].map((c) => c.move));
    expect(maxMove).toBe(5);
    expect(cards.get('teleport')!.range).toBeGreaterThan(maxMove);
    expect(cards.get('teleport')!.limitedBy).toBeNull();
  });

  it("BATTLE PHASE: the printed one point of damage to the attack's enemy target is the phase's rule, fired by every Attack card (the cards state no damage of their own)", () => {
    expect(section('BATTLE PHASE')).toContain('The enemy unit that is the target of the attack takes one point of damage. ');
    const damage = records('phase')
      .get('battle')!
      .rules.find((r: Rec) => r.id === 'damage');
    expect(damage.text).toBe('The enemy unit that is the target of the attack takes one point of damage.');
    const attacks = [...cards.values()].filter((c) => c.type === 'A');
    expect(damage.when).toEqual({ event: 'card-played', cards: attacks.map((c) => c.id) });
    expect(damage.do).toEqual([{ kind: 'damage', target: { binding: 'subject', side: 'enemy' }, hits: 1 }]);
    for (const c of attacks) expect(c.effects, c.id).toBeUndefined();
  });
});

describe('ARCHON SKIRMISH spells', () => {
  const spells = records('spell');
  const cards = records('card');
  const printed = section('SPELL CARDS');

  it('SPELL CARDS: each spell record holds its printed sentence and names its Spell card', () => {
    expect([...spells.keys()].sort()).toEqual(['exchange', 'heal', 'imprison', 'teleport']);
    for (const s of spells.values()) {
      expect(
        printed.map((l) => l.trim()),
        s.id,
      ).toContain(s.text);
      expect(s.text.toLowerCase(), s.id).toContain(`the ${s.name.toLowerCase()} spell`);
      const card = cards.get(s.card)!;
      expect(card.spell && card.spellId === s.id && card.name === s.name, s.id).toBe(true);
    }
    // every Spell card of the CARD LIST has its spell
    for (const row of cardList().filter((r) => r.notes === 'Spell')) expect(spells.has(kebab(row.name))).toBe(true);
  });

  it('SPELL CARDS: the side restriction sentences name the spellcasters', () => {
    const rules = records('rules').get('spell-cards')!;
    const casters = printed.flatMap((l) => {
      const m = /^The (\w+) side can only use spell cards if the (\w+) is still in play\.$/.exec(l.trim());
      return m ? [{ side: m[1]!.toLowerCase(), creature: m[2]!.toLowerCase() }] : [];
    });
    expect(casters).toHaveLength(2);
    expect(rules.spellcasters).toEqual(casters);
    for (const c of casters) expect(records('creature').get(c.creature)!.side).toBe(c.side);
  });

  it('SPELL CARDS: the effects say what each sentence prints (swap 2, teleport, 3 turns, heal 1)', () => {
    expect(spells.get('exchange')!.effects[0]).toMatchObject({ kind: 'swap-positions', target: { side: 'friendly', choose: { count: 2 } } });
    expect(spells.get('teleport')!.effects[0]).toMatchObject({ kind: 'teleport', target: { side: 'friendly' }, range: cards.get('teleport')!.range });
    expect(spells.get('imprison')!.effects[0]).toMatchObject({ kind: 'prevent-actions', actions: ['move', 'attack'], turns: 3 });
    expect(spells.get('imprison')!.effects[0].target.side).toBeUndefined(); // whose creature is not printed
    expect(spells.get('heal')!.effects[0]).toMatchObject({ kind: 'heal', target: { side: 'friendly', choose: { count: 1 } }, hits: 1 });
  });
});

describe('ARCHON SKIRMISH board, turn and scenario', () => {
  it("THE MAP: an 8x8 board; VICTORY text as printed, as the scenario's ways to win; corners are the 4 corner squares", () => {
    const board = records('board').get('board')!;
    const m = /(\d+)x(\d+)/.exec(section('THE MAP').join(' '))!;
    expect([board.rows, board.columns]).toEqual([Number(m[1]), Number(m[2])]);
    expect(board.victory).toBeUndefined();
    const files = board.squareNames.files as string,
      ranks = board.squareNames.ranks as string;
    expect([files.length, ranks.length]).toEqual([board.columns, board.rows]);
    const corners = [`${files[0]}${ranks[0]}`, `${files.at(-1)}${ranks[0]}`, `${files[0]}${ranks.at(-1)}`, `${files.at(-1)}${ranks.at(-1)}`];
    const zones = records('zone');
    const scenario = records('scenario').get('standard-game')!;
    const occupy = scenario.victory.find((v: Rec) => v.condition === 'occupy-locations');
    expect(occupy.locations.flatMap((z: string) => zones.get(z)!.squares).sort()).toEqual([...corners].sort());
    expect(scenario.victory.map((v: Rec) => v.text).join(' or ')).toBe(section('VICTORY')[0]);
  });

  it('TURN SEQUENCE: three phases in printed order, with their printed names', () => {
    const list = section('TURN SEQUENCE').flatMap((l) => {
      const m = /^(\d+)\. (.+)$/.exec(l.trim());
      return m ? [{ number: Number(m[1]), name: m[2] }] : [];
    });
    expect(list).toHaveLength(3);
    const turn = records('turn').get('turn-sequence')!;
    const phases = records('phase');
    expect(turn.phases.map((id: string) => ({ number: phases.get(id)!.number, name: phases.get(id)!.name }))).toEqual(list);
    for (const id of turn.phases) expect(phases.get(id)!.source.section).toBe(phases.get(id)!.name.toUpperCase());
  });

  it('ORDERS PHASE: draw 2, hand of at most 5', () => {
    const body = section('ORDERS PHASE').join(' ');
    const orders = records('phase').get('orders')!;
    expect(orders.draw).toBe(Number(/Draw (\d+) cards/.exec(body)![1]));
    expect(orders.handLimit).toBe(Number(/Max hand size = (\d+) cards/.exec(body)![1]));
  });

  it('every printed text field appears word for word in the rule text', () => {
    const source = flat(text);
    const found: string[] = [];
    const walk = (v: unknown, key = ''): void => {
      if (Array.isArray(v)) v.forEach((x) => walk(x, key));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
      else if (typeof v === 'string' && ['text', 'name', 'attackName', 'notes', 'section'].includes(key)) found.push(v);
    };
    for (const kind of Object.keys(manifest.kinds)) {
      if (kind === 'scenario') continue; // its name is the game title, checked below
      for (const r of records(kind).values()) walk(r);
    }
    const scenario = records('scenario').get('standard-game')!;
    expect(scenario.name).toBe(manifest.title);
    walk({ ...scenario, name: undefined });
    expect(found.length).toBeGreaterThan(100);
    for (const s of found) expect(source, s).toContain(flat(s));
  });

  it('known gaps are null in the base and filled by a layer entry', () => {
    const gaps: [string, string, string][] = [
      ['scenario', 'standard-game', '/first'],
      ['board', 'board', '/backRank/light'],
      ['board', 'board', '/backRank/dark'],
      ['zone', 'light-back-row', '/squares'],
      ['zone', 'dark-back-row', '/squares'],
      ['zone', 'light-back-row', '/placement'],
      ['zone', 'dark-back-row', '/placement'],
      ['card', 'dark-save', '/effects'],
      ['card', 'light-save', '/effects'],
      ['card', 'dark-save', '/playedIn'],
      ['card', 'light-save', '/playedIn'],
      ['card', 'exchange', '/playedIn'],
      ['card', 'imprison', '/playedIn'],
      ['card', 'heal', '/playedIn'],
      ['card', 'teleport', '/limitedBy'],
      ['spell', 'imprison', '/rangeFrom'],
      ['deck', 'common-deck', '/extension/startingHand'],
      ['phase', 'move', '/cardsPerPhase'],
      ['phase', 'battle', '/cardsPerPhase'],
      ['phase', 'move', '/cardNumber'],
      ['phase', 'battle', '/cardNumber'],
      ['phase', 'move', '/mayEndOnOccupied'],
      ['phase', 'move', '/groupMove/forward'],
      ['phase', 'move', '/groupMove/lines'],
      ['phase', 'move', '/groupMove/limitedByMove'],
    ];
    const entries = (manifest.layers as string[]).flatMap((l) => layer(l).entries as Rec[]);
    for (const [kind, id, pointer] of gaps) {
      const rec = records(kind).get(id)!;
      const base = pointer
        .split('/')
        .slice(1)
        .reduce((o: any, k) => o?.[k], rec);
      expect(base, `${kind} ${id} ${pointer}`).toBeNull();
      const fill = entries.filter((e) => e.target.kind === kind && e.target.id === id && e.target.pointer === pointer);
      expect(fill, `${kind} ${id} ${pointer}`).toHaveLength(1);
      expect(fill[0]!.value, `${kind} ${id} ${pointer}`).not.toBeNull();
    }
    // Imprison's target side is absent (not null) in the base filter; a ruling adds it.
    expect(entries.some((e) => e.target.id === 'imprison' && e.target.pointer === '/effects/0/target/side')).toBe(true);
  });
});
