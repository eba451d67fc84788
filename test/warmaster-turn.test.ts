// Warmaster's game loop, part 1: set-up (Horus face down, the cup dealt, the Bridge the Traitor's),
// the six phases of each game turn in printed order, determinism, and the pack registered as a
// game (simulate, --log and replay on a copy of the pack whose layers give the values the text
// leaves open). Played through `warmasterGame` on test content (warmaster-support.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { warmasterGame as game, warmasterRules } from '../src/engine/warmaster/index.js';
import { fakeIo, repoRoot } from './helpers.js';
import { randomGame, testContent, writePlayableCopy } from './warmaster-support.js';

const content = testContent();
const c = content as never;
const rules = warmasterRules(c);
/** The cup and the groups the content gives (the shipped layers', or the test values). */
const phases = (
  content.records as { phase: { [id: string]: { cup?: { unit: string; count: number }[]; groups?: { pieces: { unit: string; count: number }[] }[] } } }
).phase;
const CUP = phases['traitor-reinforcements']!.cup!;
const GROUPS = phases['imperial-reinforcements']!.groups!.map((g) => g.pieces);

describe('Warmaster set-up and turn', () => {
  it('set-up: the Traitor places Horus face down in any area but the Reactors; the cup holds the other Traitor pieces, dealt at random; the Traitor controls the Bridge', () => {
    const { state, events } = game.setup(c, 7);
    expect(state.stage).toBe('place');
    expect(state.active).toBe('traitor');
    expect(state.bridge).toBe('traitor');
    expect(state.unplaced).toHaveLength(1);
    const horus = state.unplaced[0]!;
    expect(state.identities[horus]).toBe('warmaster-horus');
    // The cup: every piece the data lists, 27, none of them Horus, each a numbered piece the core does not name.
    expect(state.cup).toHaveLength(CUP.reduce((n, p) => n + p.count, 0));
    expect(state.cup.map((id) => state.identities[id]).sort()).toEqual(CUP.flatMap((p) => Array.from({ length: p.count }, () => p.unit)).sort());
    for (const id of [...state.cup, horus]) expect(state.core.units.find((u) => u.id === id)!.record).toBeNull();
    // The deal names pieces, never what they are.
    expect(JSON.stringify(events)).not.toMatch(/angron|warmaster-horus|trap/);
    // Another seed deals otherwise.
    expect(game.setup(c, 8).state.identities).not.toEqual(state.identities);
    // Horus goes face down anywhere but the Reactors.
    const moves = game.legalMoves(c, state);
    const reactors = rules.areas.find((a) => a.special === 'the-reactors')!.id;
    expect(moves.map((m) => (m as { area: string }).area)).not.toContain(reactors);
    expect(moves).toHaveLength(rules.areas.length - 1);
    const placed = game.play(c, state, moves[3]!).state;
    const unit = placed.core.units.find((u) => u.id === horus)!;
    expect(unit.location).toBe((moves[3] as { area: string }).area);
    expect(unit.record).toBeNull();
    expect(placed.identities[horus]).toBe('warmaster-horus');
    expect(placed.phase).toBe('imperial-reinforcements');
    // The Imperial groups wait to teleport, the Emperor's first.
    expect(state.waiting.map((w) => w.pieces.length)).toEqual(GROUPS.map((g) => g.reduce((n, p) => n + p.count, 0)));
    expect(state.waiting[0]!.pieces).toContain('the-emperor');
  });

  it("turn: the six phases in printed order, each side's turn beginning with its reinforcements phase", () => {
    const { events } = randomGame(content, 3, 400);
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

  it('games end: random bots play seeded games to a result, a side winning when every enemy unit is destroyed', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const { states } = randomGame(content, seed, 5000);
      const last = states[states.length - 1]!;
      expect(last.result, `seed ${seed}`).toMatchObject({ rule: 'scenario/standard-game#/victory/2' });
      const loser = rules.sides.find((s) => s !== last.result!.winner)!;
      const units = last.core.units.filter((u) => u.side === loser && rules.pieces[u.record ?? last.identities[u.id]!]!.kind !== 'card');
      expect(units.every((u) => u.destroyed)).toBe(true);
      // The turn before, the loser still had a unit.
      const before = states[states.length - 2]!;
      expect(before.core.units.some((u) => u.side === loser && !u.destroyed && rules.pieces[u.record ?? before.identities[u.id]!]!.kind !== 'card')).toBe(true);
    }
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

  it('the shipped pack names the game, which reports the values the layers do not give yet', async () => {
    const sim = fakeIo(repoRoot);
    const code = await main(['simulate', 'warmaster', '--games', '1', '--seed', '1'], sim.io);
    expect(sim.stderr()).not.toMatch(/internal error/);
    if (code !== 0) expect(sim.stderr()).toMatch(/game\/setup-failed.*is not set/);
  });
});
