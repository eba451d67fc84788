// Warmaster's game loop, part 1: set-up (Horus face down, the cup dealt, the Bridge the Traitor's),
// the six phases of each game turn in printed order, determinism, and the pack registered as a
// game (simulate, --log and replay on a copy of the pack whose layers give the values the text
// leaves open). Played through `warmasterGame` on test content (warmaster-support.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { seedRandom } from '../src/engine/core/random.js';
import { unitWith, updateUnits } from '../src/engine/core/state.js';
import { warmasterGame as game, warmasterRules, type WarmasterState } from '../src/engine/warmaster/index.js';
import { stateWith } from '../src/engine/warmaster/state.js';
import { victory } from '../src/engine/warmaster/victory.js';
import { fakeIo, repoRoot } from './helpers.js';
import { bridgeOf, randomGame, testContent, writePlayableCopy } from './warmaster-support.js';

const content = testContent();
const c = content as never;
const rules = warmasterRules(c);
/** The cup and the groups the content gives (the shipped layers', or the test values). */
const phases = (
  content.records as { phase: { [id: string]: { cup?: { unit: string; count: number }[]; groups?: { pieces: { unit: string; count: number }[] }[] } } }
).phase;
const CUP = phases['traitor-reinforcements']!.cup!;
const DRAWN = (content.records as { scenario: { [id: string]: { sides: { setup: { drawnFromCup?: number } }[] } } }).scenario['standard-game']!.sides[1]!.setup
  .drawnFromCup!;
const GROUPS = phases['imperial-reinforcements']!.groups!.map((g) => g.pieces);

describe('Warmaster set-up and turn', () => {
  it('set-up: the Traitor draws pieces from the cup at random and places them and Horus face down, mixed, in any area but the Reactors; the cup holds the other Traitor pieces, dealt at random; the Traitor controls the Bridge', () => {
    // How many the shipped set-up draws from the cup to hide Horus among (reconstruction standard-traitor-setup-draw).
    expect(DRAWN).toBeGreaterThan(0);
    const { state, events } = game.setup(c, 7);
    expect(state.stage).toBe('place');
    expect(state.active).toBe('traitor');
    expect(bridgeOf(c, state)).toBe('traitor');
    // Horus and DRAWN pieces of the cup wait to be placed; the cup holds the rest: 27 in all, none of them Horus.
    expect(state.unplaced).toHaveLength(1 + DRAWN);
    expect(state.unplaced.filter((id) => state.identities[id] === 'warmaster-horus')).toHaveLength(1);
    const all = CUP.flatMap((p) => Array.from({ length: p.count }, () => p.unit));
    expect(state.cup).toHaveLength(all.length - DRAWN);
    expect([...state.cup, ...state.unplaced].map((id) => state.identities[id]).sort()).toEqual([...all, 'warmaster-horus'].sort());
    for (const id of [...state.cup, ...state.unplaced]) expect(state.core.units.find((u) => u.id === id)!.record).toBeNull();
    // The deal, then the draw from the cup: piece ids, never what they are.
    const drawn = events.find((e) => e.type === 'draw' && e.what === 'setup')!;
    expect(drawn).toMatchObject({ side: 'traitor', rule: rules.setup!.key, count: DRAWN, left: all.length - DRAWN, unplaced: state.unplaced });
    expect(JSON.stringify(events)).not.toMatch(/angron|warmaster-horus|trap|crew/);
    // Another seed deals otherwise.
    expect(game.setup(c, 8).state.identities).not.toEqual(state.identities);
    // Each goes face down anywhere but the Reactors, one `place` move at a time, through the game loop.
    const reactors = rules.areas.find((a) => a.special === 'the-reactors')!.id;
    let placed = state;
    for (const [k, piece] of state.unplaced.entries()) {
      const moves = game.legalMoves(c, placed);
      expect(moves.map((m) => (m as { area: string }).area)).not.toContain(reactors);
      expect(moves).toHaveLength(rules.areas.length - 1);
      expect(moves.every((m) => (m as { piece: string }).piece === piece)).toBe(true);
      placed = game.play(c, placed, moves[k % moves.length]!).state;
      const unit = placed.core.units.find((u) => u.id === piece)!;
      expect(unit.location).toBe((moves[k % moves.length] as { area: string }).area);
      expect(unit.record).toBeNull();
    }
    expect(placed.phase).toBe('imperial-reinforcements');
    // The Imperial player sees DRAWN + 1 face-down pieces on the ship and not what any of them is:
    // his view is the same whichever of them is Horus.
    const imperial = game.playerView!(c, placed, 'imperial');
    const faceDown = imperial.core.units.filter((u) => u.side === 'traitor' && u.location !== null);
    expect(faceDown.map((u) => u.id).sort()).toEqual([...state.unplaced].sort());
    expect(faceDown.every((u) => u.record === null)).toBe(true);
    expect(imperial.identities).toEqual({});
    const horus = state.unplaced.find((id) => state.identities[id] === 'warmaster-horus')!;
    for (const other of state.unplaced.filter((id) => id !== horus)) {
      const swapped = stateWith(placed, { identities: { ...placed.identities, [horus]: placed.identities[other]!, [other]: 'warmaster-horus' } });
      expect(JSON.stringify(game.playerView!(c, swapped, 'imperial'))).toBe(JSON.stringify(imperial));
    }
    // Nor does the log tell him: the deal names the army's own set-up piece, but the pieces to place
    // are mixed after the draw, so over many seeds Horus is any of them, wherever the deal put him.
    const at = new Set<number>();
    for (let seed = 1; seed <= 150; seed++) {
      const s = game.setup(c, seed);
      const dealt = s.events.find((e) => e.type === 'draw' && e.what === 'deal')!.unplaced;
      expect(dealt).toEqual([s.state.unplaced[0]]);
      at.add(s.state.unplaced.findIndex((id) => s.state.identities[id] === 'warmaster-horus'));
    }
    expect([...at].sort((a, b) => a - b)).toEqual(Array.from({ length: DRAWN + 1 }, (_, k) => k));
    // A determinized Imperial view puts Horus on one of those pieces, never on one still in the cup.
    let random = seedRandom(5);
    for (let n = 0; n < 20; n++) {
      const dealt = game.determinize!(c, imperial, 'imperial', random);
      random = dealt.random;
      expect(state.unplaced.filter((id) => dealt.state.identities[id] === 'warmaster-horus')).toHaveLength(1);
    }
    // The Imperial groups wait to teleport, the Emperor's first.
    expect(state.waiting.map((w) => w.pieces.length)).toEqual(GROUPS.map((g) => g.reduce((n, p) => n + p.count, 0)));
    expect(state.waiting[0]!.pieces).toContain('the-emperor');
  });

  it("set-up: the number drawn from the cup is the scenario's (none: Horus alone); more than the cup holds is refused, named", () => {
    const drawing = (n: number | undefined) =>
      testContent((r) => {
        const setup = r.scenario['standard-game'].sides[1].setup;
        if (n === undefined) delete setup.drawnFromCup;
        else setup.drawnFromCup = n;
      });
    for (const n of [undefined, 1, 9]) {
      const other = drawing(n);
      const { state, events } = game.setup(other as never, 7);
      expect(state.unplaced).toHaveLength(1 + (n ?? 0));
      expect(state.cup).toHaveLength(CUP.reduce((k, p) => k + p.count, 0) - (n ?? 0));
      expect(events.some((e) => e.type === 'draw' && e.what === 'setup')).toBe(n !== undefined);
    }
    expect(() => warmasterRules(drawing(28) as never)).toThrow(
      /scenario standard-game \/sides\/1\/setup\/drawnFromCup: 28 pieces drawn from the cup at set-up, but the cup \(phase traitor-reinforcements \/cup\) holds 27/,
    );
    const imperialDraws = testContent((r) => {
      r.scenario['standard-game'].sides[0].setup.drawnFromCup = 1;
    });
    expect(() => warmasterRules(imperialDraws as never)).toThrow(/\/sides\/0\/setup\/drawnFromCup: side imperial has no cup to draw from/);
  });

  it("turn: the six phases in printed order, each side's turn beginning with its reinforcements phase", () => {
    // A game long enough to see three turns (many end sooner, a leader falling): the first such seed.
    const games = [9, 3, 4, 5, 6, 7, 8, 10].map((seed) => randomGame(content, seed, 400));
    const { events } = games.find((g) => g.events.filter((e) => e.type === 'phase').length > 12) ?? games[0]!;
    const phases = events.filter((e) => e.type === 'phase');
    const order = rules.phases.map((p) => p.id);
    expect(order).toEqual(['imperial-reinforcements', 'imperial-movement', 'imperial-battle', 'traitor-reinforcements', 'traitor-movement', 'traitor-battle']);
    expect(phases.length).toBeGreaterThan(12);
    phases.forEach((e, i) => {
      expect(e.phase).toBe(order[i % 6]);
      expect(e.turn).toBe(Math.floor(i / 6) + 1);
    });
    // Each side's turn starts with its reinforcements phase.
    const turns = events.filter((e) => e.type === 'turn');
    expect(turns.slice(0, 4).map((e) => e.side)).toEqual(['imperial', 'traitor', 'imperial', 'traitor']);
    const at = (e: object) => events.indexOf(e as never);
    for (const t of turns) expect(events[at(t) - 1]).toMatchObject({ type: 'phase', phase: `${t.side}-reinforcements` });
  });

  it('determinism: a seed and the same moves give the same game, another seed another', () => {
    const a = randomGame(content, 11, 300);
    const b = randomGame(content, 11, 300);
    expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events));
    expect(JSON.stringify(randomGame(content, 12, 300).events)).not.toBe(JSON.stringify(a.events));
  });

  it('victory: the Imperial player wins as soon as Warmaster Horus is destroyed, the Traitor player as soon as the Emperor is, both at once a draw', () => {
    const recordOf = (s: WarmasterState, id: string) => s.core.units.find((u) => (u.record ?? s.identities[u.id]) === id)!;
    const endings = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const { states } = randomGame(content, seed, 5000);
      const last = states[states.length - 1]!;
      const before = states[states.length - 2]!;
      expect(last.result, `seed ${seed}`).not.toBeNull();
      const horus = recordOf(last, 'warmaster-horus').destroyed;
      const emperor = recordOf(last, 'the-emperor').destroyed;
      // The move before the end, both leaders stood (unless the game ended on the turn limit).
      if (last.result!.rule !== 'scenario/standard-game#/victory/2')
        expect(recordOf(before, 'warmaster-horus').destroyed || recordOf(before, 'the-emperor').destroyed).toBe(false);
      if (horus && emperor) expect(last.result).toMatchObject({ winner: null });
      else if (horus) expect(last.result).toMatchObject({ winner: 'imperial', rule: 'scenario/standard-game#/victory/0', reason: 'Warmaster Horus destroyed' });
      else if (emperor) expect(last.result).toMatchObject({ winner: 'traitor', rule: 'scenario/standard-game#/victory/1', reason: 'The Emperor destroyed' });
      else expect(last.result).toMatchObject({ winner: 'traitor', rule: 'scenario/standard-game#/victory/2' });
      endings.add(String(last.result!.winner));
    }
    expect([...endings]).toEqual(expect.arrayContaining(['imperial', 'traitor']));
    // Both leaders destroyed by the same step: a draw.
    const { states } = randomGame(content, 1, 40);
    const mid = states[states.length - 1]!;
    const both = stateWith(mid, {
      core: updateUnits(mid.core, [recordOf(mid, 'warmaster-horus').id, recordOf(mid, 'the-emperor').id], (u) => unitWith(u, { destroyed: true })),
    });
    expect(victory(rules, both)).toMatchObject({ winner: null, reason: 'both sides lost their leaders at once' });
  });

  it('victory: if nobody has won when the turn limit ends (turn 15; 1 here), the Traitor player wins', () => {
    const short = testContent((r) => {
      r.scenario['standard-game'].victory[2].turns = 1;
    });
    let seen = 0;
    for (let seed = 1; seed <= 20 && seen < 3; seed++) {
      const { states, events } = randomGame(short, seed, 5000);
      const last = states[states.length - 1]!;
      if (last.result?.rule !== 'scenario/standard-game#/victory/2') continue;
      seen++;
      expect(last.result).toMatchObject({ winner: 'traitor', reason: 'nobody won by the end of turn 1' });
      // It ends as turn 2 would begin: every phase of turn 1 was played, none of turn 2.
      const phases = events.filter((e) => e.type === 'phase');
      expect(phases.map((e) => e.turn)).not.toContain(2);
      expect(phases.filter((e) => e.turn === 1)).toHaveLength(6);
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('the pack names its game (pack.yaml game:)', () => {
  let tmp: string;
  let project: string;
  beforeAll(() => {
    tmp = mkdtempSync(path.join(tmpdir(), 'playmark-warmaster-'));
    project = path.join(tmp, 'project');
    writePlayableCopy(project);
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('simulate plays games with the random bot, and a --log replays to the same final state', async () => {
    const log = path.join(tmp, 'game.log');
    const sim = fakeIo(project);
    expect(await main(['simulate', 'warmaster', '--games', '4', '--seed', '1', '--log', log], sim.io), sim.stderr()).toBe(0);
    expect(sim.stdout()).toMatch(/warmaster/i);
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThan(20);
    const replay = fakeIo(project);
    expect(await main(['replay', log], replay.io), replay.stderr()).toBe(0);
    expect(replay.stdout()).toMatch(/same final state/i);
  }, 60_000);

  it('the shipped pack names the game and plays it; a value the text leaves open and no layer gives is refused, named', async () => {
    const sim = fakeIo(repoRoot);
    expect(await main(['simulate', 'warmaster', '--games', '2', '--seed', '1'], sim.io), sim.stderr()).toBe(0);
    expect(sim.stdout()).toMatch(/imperial wins +\d+/);
    const noCup = testContent((r) => {
      delete r.phase['traitor-reinforcements'].cup;
    });
    expect(() => warmasterRules(noCup as never)).toThrow(
      /phase traitor-reinforcements \/groups \(or \/cup, for a side that draws its army from a cup\) is not set/,
    );
  });
});
