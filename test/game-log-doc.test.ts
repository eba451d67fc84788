// Issue 22: docs/game-log.md is enough to referee a game from its log. The page tables every line,
// move and field each shipped game writes (Archon Skirmish, Warchon, the starter game `playmark
// init` writes): seeded games of each, random and greedy bots, must write nothing the tables do not
// list, and write every field they list unless it is marked rare. Then the page's generator is
// written out here from its words alone (MT19937 seeding, xoroshiro128+, uniformInt, the
// Fisher-Yates shuffle; nothing imported from src/engine/core/random.ts) and checked against real
// logs: Archon Skirmish's shuffles and its whole final state, rebuilt from the log as the page
// says and hashed to the `stop` line's digest; every Warchon roll and random pick, and the starter
// game's draws from its decks and rolls, each game ending in the final state's generator.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotName } from '../src/engine/core/bots.js';
import type { GameState } from '../src/engine/core/game.js';
import { main } from '../src/cli/main.js';
import { fakeIo, repoRoot } from './helpers.js';

const doc = readFileSync(path.join(repoRoot, 'docs', 'game-log.md'), 'utf8');

// ---- The page's tables ----------------------------------------------------------------------

/** The text under a heading (its first occurrence), up to the next heading of the same or a higher level. */
function section(heading: string): string {
  const lines = doc.split('\n');
  const start = lines.indexOf(heading);
  expect(start, `docs/game-log.md has the heading ${heading}`).toBeGreaterThanOrEqual(0);
  const level = heading.indexOf(' ');
  let end = start + 1;
  while (end < lines.length && !(/^#+ /.test(lines[end]!) && lines[end]!.indexOf(' ') <= level)) end++;
  return lines.slice(start + 1, end).join('\n');
}

/** The rows of the tables in `text` whose header is `columns`, as cells. */
function tableRows(text: string, columns: readonly string[]): string[][] {
  const rows: string[][] = [];
  let inTable = false;
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      inTable = false;
      continue;
    }
    // No cell of these tables holds a '|'.
    const cells = line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
    if (cells.join('|') === columns.join('|')) {
      inTable = true;
      continue;
    }
    if (!inTable || /^-+$/.test(cells[0]!)) continue;
    rows.push(cells);
  }
  return rows;
}

const code = (cell: string | undefined): string => /`([^`]*)`/.exec(cell ?? '')?.[1] ?? '';

/** A listed field: the line (or move kind) it belongs to, its path as a pattern, and whether it may never appear. */
interface Listed {
  readonly key: string;
  readonly field: string;
  readonly pattern: RegExp;
  readonly rare: boolean;
}

function listed(key: string, fieldCell: string): Listed {
  const field = code(fieldCell);
  const source = field
    .split(/(<[^>]+>)/)
    .map((part) => (part.startsWith('<') ? '[^.]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return { key, field, pattern: new RegExp(`^${source}$`), rare: fieldCell.includes('(rare') };
}

const parsed = new Map<string, Listed[]>();
/** Parsed once per heading: a row is one object, so the rows seen can be told by identity. */
function once(key: string, parse: () => Listed[]): Listed[] {
  let rows = parsed.get(key);
  if (!rows) parsed.set(key, (rows = parse()));
  return rows;
}

/** The line tables under a heading: `| type | effect | field | value | meaning |`. */
function lineTable(heading: string): Listed[] {
  return once(`lines ${heading}`, () => parseLineTable(heading));
}

function parseLineTable(heading: string): Listed[] {
  return tableRows(section(heading), ['type', 'effect', 'field', 'value', 'meaning']).map((c) => {
    const effect = code(c[1]);
    return listed(effect ? `${code(c[0])}/${effect}` : code(c[0]), c[2]!);
  });
}

/** The move tables under a heading: `| kind | field | value | meaning |`. */
function moveTable(heading: string): Listed[] {
  return once(`moves ${heading}`, () => tableRows(section(heading), ['kind', 'field', 'value', 'meaning']).map((c) => listed(code(c[0]), c[1]!)));
}

const loopLines = lineTable('## Lines');
const interpreter = lineTable('### Rules fired by the interpreter');

// ---- Playing the games ----------------------------------------------------------------------

type Line = { readonly type: string; readonly [field: string]: unknown };
interface Played {
  readonly lines: Line[];
  readonly final: GameState | null;
}

/** A game of the page: its section, whether the interpreter's entries are its lines too, and its games. */
interface Shipped {
  readonly name: string;
  readonly heading: string;
  readonly interpreter: boolean;
  readonly games: Played[];
  readonly content: { readonly records: Record<string, Record<string, unknown>> };
}

async function load(dir: string, pack: string) {
  const { loadContent } = await import('../src/content/effective.js');
  const { loadGame } = await import('../src/engine/games.js');
  const { gameRefOf } = await import('../src/content/game-module.js');
  const { packs, validation } = loadContent([dir], { cacheDir: false });
  expect(validation.errors).toBe(0);
  const { printables: _, ...content } = packs.get(pack)!;
  return { game: await loadGame(gameRefOf(content)!), content };
}

const PAIRINGS: readonly (readonly BotName[])[] = [
  ['random', 'random'],
  ['greedy', 'random'],
  ['random', 'greedy'],
  ['greedy', 'greedy'],
];

async function play(dir: string, pack: string, games: number): Promise<Pick<Shipped, 'games' | 'content'>> {
  const { game, content } = await load(dir, pack);
  const { playGame } = await import('../src/analysis/simulate-game.js');
  const { gameSeed, logHeader } = await import('../src/analysis/simulate.js');
  const sides = game.sides(content);
  const version = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
  const out: Played[] = [];
  for (let i = 0; i < games; i++) {
    const bots = PAIRINGS[i % PAIRINGS.length]!;
    const batch = {
      pack,
      packVersion: content.pack.version,
      scenario: null,
      seed: 22,
      games,
      bots: sides.map((side, k) => ({ side, bot: bots[k]! })),
      maxMoves: 10_000,
    };
    // The lines as `simulate --log` writes them: its header, then the game's.
    const lines: Line[] = [logHeader(batch, i, gameSeed(22, i), sides, version) as Line];
    let final: GameState | null = null;
    playGame(game, content, i, gameSeed(22, i), bots, { maxMoves: 10_000 }, (line, state) => {
      lines.push(line as Line);
      if (line.type === 'stop') final = state;
    });
    out.push({ lines, final });
  }
  return { games: out, content: content as unknown as Shipped['content'] };
}

const work = mkdtempSync(path.join(os.tmpdir(), 'playmark-game-log-doc-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const STARTER = 'harbor';

let shipped: Shipped[] = [];

beforeAll(async () => {
  // The starter game as `playmark init` writes it, playmark linked as npm would (its module imports `playmark`).
  const project = path.join(work, STARTER);
  mkdirSync(project);
  const f = fakeIo(project);
  expect(await main(['init', '.'], f.io), f.stderr()).toBe(0);
  mkdirSync(path.join(project, 'node_modules'));
  symlinkSync(repoRoot, path.join(project, 'node_modules', 'playmark'), 'dir');
  shipped = [
    {
      name: 'archon-skirmish',
      heading: '### Archon Skirmish',
      interpreter: false,
      ...(await play(path.join(repoRoot, 'content', 'archon-skirmish'), 'archon-skirmish', 40)),
    },
    { name: 'warchon', heading: '### Warchon', interpreter: true, ...(await play(path.join(repoRoot, 'content', 'warchon'), 'warchon', 500)) },
    { name: 'warmaster', heading: '### Warmaster', interpreter: true, ...(await play(path.join(repoRoot, 'content', 'warmaster'), 'warmaster', 150)) },
    {
      name: 'starter',
      heading: '### The starter game (`playmark init`)',
      interpreter: true,
      ...(await play(path.join(project, 'content', STARTER), STARTER, 60)),
    },
  ];
}, 240_000);

// ---- Every line, move and field against the tables -----------------------------------------------

/** The paths of a JSON value's fields: `a`, `a.b`, `a[].c` (a list's objects), in order met. */
function paths(value: unknown, prefix: string, out: string[], skip: (path: string) => boolean): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) if (item !== null && typeof item === 'object' && !Array.isArray(item)) paths(item, `${prefix}[]`, out, skip);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    const p = prefix ? `${prefix}.${k}` : k;
    out.push(p);
    if (!skip(p)) paths(v, p, out, skip);
  }
}

/** What a game's lines and moves write that the page does not list, and the listed fields it wrote. */
function check(g: Shipped, seen: Set<Listed>): string[] {
  const own = lineTable(g.heading);
  const moves = moveTable(g.heading);
  const problems = new Set<string>();
  const match = (rows: readonly Listed[], key: string, p: string, what: string) => {
    // The interpreter's rows for every entry (`*`) hold for each of its kinds.
    const row = rows.find((r) => (r.key === key || r.key === 'effect/*') && r.pattern.test(p));
    if (row) seen.add(row);
    else problems.add(`${g.name}: ${what} writes ${p}, which the page does not list`);
  };
  const checkMove = (move: unknown, where: string) => {
    const kind = (move as { kind?: unknown }).kind;
    if (!moves.some((r) => r.key === kind)) problems.add(`${g.name}: a ${where} has the move kind ${String(kind)}, which the page does not list`);
    const found: string[] = [];
    paths(move, '', found, () => false);
    for (const p of found) match(moves, String(kind), p, `the move ${String(kind)}`);
  };
  for (const { lines } of g.games) {
    for (const line of lines) {
      const key = line.type === 'effect' ? `effect/${String(line.effect)}` : line.type;
      const isLoop = ['log', 'play', 'stop'].includes(line.type);
      let rows: readonly Listed[] = isLoop ? loopLines : own.filter((r) => r.key === key);
      if (rows.length === 0 && g.interpreter && line.type === 'effect') {
        rows = interpreter.filter((r) => r.key === 'effect/*' || r.key === key);
        if (!interpreter.some((r) => r.key === key)) problems.add(`${g.name}: the interpreter entry ${key}, which the page does not list`);
      } else if (rows.length === 0) problems.add(`${g.name}: the line ${key}, which the page does not list`);
      const found: string[] = [];
      // A `move` field holds a move: its fields are the move table's.
      const holdsMove = (p: string) => p === 'move' && (line.type === 'play' || line.type === 'move');
      paths(line, '', found, holdsMove);
      for (const p of found) match(rows, rows === loopLines ? line.type : key, p, `the line ${key}`);
      if (line.move !== undefined && (line.type === 'play' || line.type === 'move')) checkMove(line.move, `${line.type} line`);
    }
  }
  return [...problems];
}

describe('docs/game-log.md tables every line, move and field the shipped games write', () => {
  it('the page has the tables this test reads', () => {
    expect(loopLines.filter((r) => r.key === 'stop').map((r) => r.field)).toContain('state');
    expect(interpreter.filter((r) => r.key === 'effect/*').map((r) => r.field)).toContain('data.choice.picked');
    for (const heading of ['### Archon Skirmish', '### Warchon', '### The starter game (`playmark init`)']) {
      expect(lineTable(heading).length, heading).toBeGreaterThan(5);
      expect(moveTable(heading).length, heading).toBeGreaterThan(1);
    }
  });

  it('the games played see every move kind of each game (the page marks the rest rare)', () => {
    for (const g of shipped) {
      const kinds = new Map<string, number>();
      for (const { lines } of g.games)
        for (const line of lines)
          if (line.type === 'play') kinds.set(String((line.move as { kind: string }).kind), (kinds.get(String((line.move as { kind: string }).kind)) ?? 0) + 1);
      const expected = [
        ...new Set(
          moveTable(g.heading)
            .filter((r) => !r.rare)
            .map((r) => r.key),
        ),
      ].sort();
      expect([...kinds.keys()].sort(), g.name).toEqual(expected);
      // Each seen more than once: a kind that came up once only would be luck, not coverage.
      for (const [kind, n] of kinds) expect(n, `${g.name} ${kind}`).toBeGreaterThan(1);
    }
  });

  it('no game writes a line type, move kind or field the page does not list', () => {
    const seen = new Set<Listed>();
    expect(shipped.flatMap((g) => check(g, seen))).toEqual([]);
  });

  it('every field the page lists is written by some game, unless the page marks it rare', () => {
    const seen = new Set<Listed>();
    for (const g of shipped) check(g, seen);
    const tables = [
      ...loopLines.map((r) => ['## Lines', r] as const),
      ...interpreter.map((r) => ['interpreter', r] as const),
      ...shipped.flatMap((g) => [...lineTable(g.heading), ...moveTable(g.heading)].map((r) => [g.name, r] as const)),
    ];
    // The interpreter's shared rows count as seen under any kind: a row is found once per line, not once per table.
    const never = tables.filter(([, r]) => !r.rare && !seen.has(r)).map(([where, r]) => `${where}: ${r.key} ${r.field}`);
    expect(never).toEqual([]);
  });
});

// ---- The generator, from the page's words ---------------------------------------------------------

const MASK64 = (1n << 64n) - 1n;
const rotl = (x: bigint, k: bigint) => ((x << k) | (x >> (64n - k))) & MASK64;
const signed = (x: number) => x | 0;

/** Step 2: the first four outputs of MT19937 seeded with the seed's low 32 bits, as signed numbers. */
function seeded(seed: number): number[] {
  const mt = new Array<number>(624);
  mt[0] = Number(BigInt(seed) & 0xffffffffn);
  for (let i = 1; i < 624; i++) {
    const prev = BigInt(mt[i - 1]! ^ (mt[i - 1]! >>> 30)) & 0xffffffffn;
    mt[i] = Number((1812433253n * prev + BigInt(i)) & 0xffffffffn);
  }
  for (let i = 0; i < 624; i++) {
    const y = ((mt[i]! & 0x80000000) | (mt[(i + 1) % 624]! & 0x7fffffff)) >>> 0;
    mt[i] = (mt[(i + 397) % 624]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0)) >>> 0;
  }
  return mt.slice(0, 4).map((x) => {
    let y = x;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return signed(y);
  });
}

/** Step 3: xoroshiro128+ on the four numbers [a, b, c, d] (s0 = a:b, s1 = c:d). */
class Xoroshiro {
  private s0: bigint;
  private s1: bigint;
  constructor([a, b, c, d]: readonly number[]) {
    this.s0 = (BigInt(a! >>> 0) << 32n) | BigInt(b! >>> 0);
    this.s1 = (BigInt(c! >>> 0) << 32n) | BigInt(d! >>> 0);
  }
  step(): number {
    const out = signed(Number((this.s0 + this.s1) & 0xffffffffn));
    const t = this.s1 ^ this.s0;
    this.s0 = rotl(this.s0, 24n) ^ t ^ ((t << 16n) & MASK64);
    this.s1 = rotl(t, 37n);
    return out;
  }
  /** Step 4: a whole number from min to max. */
  int(min: number, max: number): number {
    const size = max - min + 1;
    for (;;) {
      const u = this.step() + 2 ** 31;
      if (size > 2 && u >= Math.floor(2 ** 32 / size) * size) continue;
      return min + (u % size);
    }
  }
  /** Step 5: the first `k` of a Fisher-Yates shuffle from the front. */
  sample<T>(items: readonly T[], k = items.length): T[] {
    const pool = items.slice();
    for (let i = 0; i < k; i++) {
      const j = this.int(i, pool.length - 1);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, k);
  }
  state(): number[] {
    return [this.s0 >> 32n, this.s0 & 0xffffffffn, this.s1 >> 32n, this.s1 & 0xffffffffn].map((x) => signed(Number(x)));
  }
}

/** Step 5's dice: `d6`, `d3`, `rng`, `d66` (tens, then units), `NdS+P`. */
function roll(random: Xoroshiro, die: string): number {
  if (die === 'd66') return random.int(1, 6) * 10 + random.int(1, 6);
  const sides: Record<string, number> = { d6: 6, d3: 3, rng: 5 };
  if (sides[die] !== undefined) return random.int(1, sides[die]!);
  const m = /^(\d*)d(\d+)([+-]\d+)?$/.exec(die);
  if (!m) throw new Error(`a die the page does not describe: ${die}`);
  let sum = Number(m[3] ?? 0);
  for (let n = 0; n < Number(m[1] || 1); n++) sum += random.int(1, Number(m[2]));
  return sum;
}

/** The keys of a game's final state, in the order its table gives them. */
const stateKeys = (heading: string) => tableRows(section(heading), ['key', 'value']).map((c) => code(c[0]));
const digest = (state: unknown) => `sha256:${createHash('sha256').update(JSON.stringify(state)).digest('hex')}`;
const game = (name: string) => shipped.find((g) => g.name === name)!;

describe("the page's generator and digest, re-implemented from its words", () => {
  it('the MT19937 seeding and xoroshiro128+ give the state a game starts with', async () => {
    // The state the engine carries after set-up for a game that draws nothing at set-up (Warchon).
    const w = await load(path.join(repoRoot, 'content', 'warchon'), 'warchon');
    for (const seed of [0, 1, 7, 2 ** 31 + 5, 4294967295]) {
      expect(w.game.setup(w.content, seed, {}).state.random.state, `seed ${seed}`).toEqual(seeded(seed));
    }
  });

  it("Archon Skirmish: every shuffle, and the final state rebuilt from the log alone, to the stop line's digest", () => {
    const { games, content } = game('archon-skirmish');
    const records = content.records as {
      scenario: Record<string, { sides: { side: string; army: { units: { unit: string; count: number }[] } }[] }>;
      creature: Record<string, { hits: number }>;
      deck: Record<string, { cards: { card: string; copies: number }[] }>;
      card: Record<string, { type: string }>;
    };
    const keys = stateKeys("#### Archon Skirmish's final state");
    let reshuffles = 0;
    let ended = 0;
    for (const { lines, final } of games) {
      // The text has no end but victory: a game nobody wins is stopped by simulate (--max-moves), its `stop` says so and gives no result.
      const last = lines[lines.length - 1]! as unknown as { end: string; result: unknown };
      if (last.end === 'max-moves') {
        expect(last.result).toBeNull();
        continue;
      }
      ended++;
      const setup = lines.find((l) => l.type === 'setup')! as unknown as { seed: number; sides: string[]; first: string; scenario: string };
      const sides = setup.sides;
      const armies = [setup.first, ...sides.filter((s) => s !== setup.first)];
      const scenario = records.scenario[setup.scenario]!;
      const creatures = armies.flatMap((side) =>
        scenario.sides
          .find((s) => s.side === side)!
          .army.units.flatMap((u) =>
            Array.from({ length: u.count }, (_, n) => ({
              id: u.count === 1 ? u.unit : `${u.unit}-${n + 1}`,
              creature: u.unit,
              side,
              square: -1,
              hits: records.creature[u.unit]!.hits,
              imprisoned: 0,
            })),
          ),
      );
      const index = (id: string) => creatures.findIndex((c) => c.id === id);
      const square = (name: string) => (Number(name.slice(1)) - 1) * 8 + (name.charCodeAt(0) - 97);
      const squares = new Array<number>(64).fill(-1);
      const perSide = <T>(f: (side: string) => T) => Object.fromEntries(sides.map((s) => [s, f(s)])) as Record<string, T>;
      const unplaced = perSide((side) => creatures.filter((c) => c.side === side).map((c) => c.id));
      const hands = perSide((): string[] => []);
      const unshuffled = Object.values(records.deck)[0]!.cards.flatMap((c) => Array<string>(c.copies).fill(c.card));
      const random = new Xoroshiro(seeded(setup.seed));
      let deck: string[] = [];
      let discard: string[] = [];
      let played = 0;
      let phaseType: string | null = null;
      let turn = 0;
      let turnSide = setup.first;
      let result: unknown = null;
      const put = (id: string, to: number) => {
        const c = creatures[index(id)]!;
        if (c.square >= 0 && squares[c.square] === index(id)) squares[c.square] = -1;
        c.square = to;
        if (to >= 0) squares[to] = index(id);
      };
      const fromHand = (side: string, card: string) => hands[side]!.splice(hands[side]!.indexOf(card), 1);
      for (const l of lines as Record<string, any>[]) {
        if (l.type === 'draw') {
          const order = random.sample(l.pile === 'deck' ? unshuffled : discard);
          expect(l.order).toEqual(order);
          if (l.pile === 'discard') reshuffles++;
          deck = order;
          discard = [];
        } else if (l.type === 'turn') [turn, turnSide] = [l.turn, l.side];
        else if (l.type === 'phase' && !l.resumed && ['orders', 'move', 'battle'].includes(l.phase)) {
          played = 0;
          phaseType = l.phase === 'move' ? 'M' : l.phase === 'battle' ? 'A' : null;
        } else if (l.type === 'end') result = { winner: l.winner, reason: l.reason, rule: l.rule };
        else if (l.type === 'effect') {
          switch (l.effect) {
            case 'draw-card':
              expect(deck.shift()).toBe(l.card);
              hands[l.side]!.push(l.card);
              break;
            case 'play-card':
            case 'discard':
            case 'save':
              fromHand(l.side, l.card);
              discard.push(l.card);
              if (l.effect === 'play-card' && records.card[l.card]!.type === phaseType) played++;
              break;
            case 'place':
              put(l.creature, square(l.square));
              unplaced[creatures[index(l.creature)]!.side]!.shift();
              break;
            case 'move':
            case 'teleport':
              put(l.creature, square(l.to));
              break;
            case 'exchange':
              for (const id of l.creatures) creatures[index(id)]!.square = -1;
              (l.creatures as string[]).forEach((id, k) => put(id, square(l.squares[k])));
              break;
            case 'damage':
            case 'heal':
              creatures[index(l.creature)]!.hits = l.hits.to;
              break;
            case 'killed':
              put(l.creature, -1);
              creatures[index(l.creature)]!.imprisoned = 0;
              break;
            case 'imprison':
              creatures[index(l.creature)]!.imprisoned = l.turns;
              break;
            case 'imprisoned-turn':
            case 'released':
              creatures[index(l.creature)]!.imprisoned = l.turnsLeft;
              break;
          }
        }
      }
      const rebuilt = {
        random: { algorithm: 'xoroshiro128plus', state: random.state() },
        active: turnSide,
        turn,
        result,
        scenario: setup.scenario,
        step: 'over',
        turnSide,
        squares,
        creatures,
        unplaced,
        deck,
        discard,
        hands,
        played,
        group: null,
        pending: null,
      };
      expect(Object.keys(rebuilt)).toEqual(keys);
      const stop = lines[lines.length - 1]!;
      expect(stop.end).toBe('result');
      // On failure, the engine's final state shows which key the page gets wrong.
      if (digest(rebuilt) !== stop.state) expect(rebuilt).toEqual(final);
      expect(digest(rebuilt)).toBe(stop.state);
    }
    // The discard pile's reshuffle was checked too, not only the first shuffle; most games end in a win.
    expect(reshuffles).toBeGreaterThan(5);
    expect(ended).toBeGreaterThan(games.length / 2);
  });

  it("Warchon: the stop line's digest is the SHA-256 of the final state's JSON, its keys as the page lists them", () => {
    for (const { lines, final } of game('warchon').games) {
      expect(Object.keys(final!)).toEqual(stateKeys("#### Warchon's final state").filter((k) => k !== 'army'));
      expect(digest(final)).toBe(lines[lines.length - 1]!.state);
    }
  });

  it("Warchon: every draw a game's lines record, in their order, is the generator's, which ends in the final state's", () => {
    let rolls = 0;
    let picks = 0;
    for (const { lines, final } of game('warchon').games) {
      const random = new Xoroshiro(seeded((lines[0] as unknown as { seed: number }).seed));
      for (const l of lines as Record<string, any>[]) {
        if (l.type !== 'effect' || !Array.isArray(l.rolls)) continue;
        // The shipped content distributes no Hits at random, which the lines could not tell apart.
        expect(l.data.distributedBy).not.toBe('random');
        const choice = l.data.choice;
        // A random pick draws only when there is something to choose: fewer picked than candidates.
        if (choice?.by === 'random' && choice.picked.length < choice.from.length) {
          expect(new Set(random.sample(choice.from as string[], choice.picked.length))).toEqual(new Set(choice.picked));
          picks++;
        }
        if (l.effect === 'may' && l.data.by === 'random') expect(l.data.accepted).toBe(random.int(0, 1) === 0);
        for (const r of l.rolls as { die: string; value: number }[]) {
          expect(r.value, `${l.rule} ${r.die}`).toBe(roll(random, r.die));
          rolls++;
        }
      }
      expect(random.state()).toEqual((final as GameState).random.state);
    }
    // Warchon's content rolls no die of the generator (its numbers are fingers), so picks are what is followed.
    expect(rolls).toBe(0);
    expect(picks).toBeGreaterThan(0);
  });

  it("the starter game: every draw from a deck and every roll, in log order, is the generator's, which ends in the final state's", () => {
    const { games, content } = game('starter');
    const cardRecords = Object.values((content.records as { card: Record<string, { id: string; side: string | null; count: number }> }).card);
    let draws = 0;
    for (const { lines, final } of games) {
      const header = lines[0]! as unknown as { seed: number; sides: string[] };
      const random = new Xoroshiro(seeded(header.seed));
      // Each side's deck, unshuffled: the pack's cards in record order, each `count` times, the side's or no side's.
      const decks = Object.fromEntries(
        header.sides.map((side) => [side, cardRecords.filter((c) => c.side === side || c.side === null).flatMap((c) => Array<string>(c.count).fill(c.id))]),
      );
      for (const l of lines as Record<string, any>[]) {
        if (l.type === 'move' && l.kind === 'play') decks[l.side]!.push(l.card);
        if (l.type !== 'effect') continue;
        if (l.effect === 'move-cards' && l.data.from === 'deck') {
          const deck = decks[String(l.data.to).slice('hand:'.length)]!;
          const count = l.data.cards.length as number;
          // Drawing all that is left draws nothing from the generator.
          const positions =
            count < deck.length
              ? random
                  .sample(
                    deck.map((_, k) => k),
                    count,
                  )
                  .sort((a, b) => a - b)
              : deck.map((_, k) => k);
          const cards = positions.map((k) => deck[k]!);
          expect(l.data.cards).toEqual(cards);
          for (const card of cards) deck.splice(deck.indexOf(card), 1);
          draws++;
        }
        for (const r of l.rolls as { die: string; value: number }[]) expect(r.value).toBe(roll(random, r.die));
      }
      expect(random.state()).toEqual((final as GameState).random.state);
      expect(Object.keys(final!)).toEqual(stateKeys('#### Starter game final state'));
      expect(digest(final)).toBe(lines[lines.length - 1]!.state);
    }
    expect(draws).toBeGreaterThan(100);
  });
});
