// Army building from a scenario's points budget, as moves through the game loop: a side whose
// scenario gives a budget and no list of units buys units of its own set of playmarks, one
// `recruit` at a time, within its points, at most one copy of a Distinct unit (unless the budget
// allows copies), then `end-army`; set-up then places what it bought on its set-up spreads, and the
// game plays on to a result.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/analysis/simulate-game.js';
import { loadContent, type PackContent } from '../src/content/effective.js';
import type { Game, GameEvent, GameMove, GameState } from '../src/engine/core/game.js';
import { warchonGame as game, warchonRules, WarchonContentError, type WarchonMove, type WarchonState } from '../src/engine/warchon/index.js';

const PACK = fileURLToPath(new URL('../content/warchon/', import.meta.url));
const base = loadContent([PACK]).packs.get('warchon') as PackContent;
type Records = Record<string, Record<string, Record<string, unknown>>>;
type Side = { side: string; army: { units?: unknown[]; budget?: Record<string, unknown>; text: string } };

/** The demo with the Celestine army built from `budget` instead of its list; `change` edits the records further. */
function budgeted(budget: Record<string, unknown>, change: (r: Records) => void = () => undefined): PackContent {
  const records = structuredClone(base.records) as unknown as Records;
  const celestine = (records.scenario!.demo as unknown as { sides: Side[] }).sides.find((s) => s.side === 'celestine')!;
  celestine.army = { budget, text: 'Build your army on a total of points.' };
  change(records);
  return { ...base, records: records as unknown as PackContent['records'] };
}

const play = (content: PackContent, state: WarchonState, move: WarchonMove) => game.play(content, state, move);

describe('Warchon army building from a points budget', () => {
  it('a side with a budget buys its own units by moves within its points, then sets them up on its spreads and plays to a result', () => {
    const content = budgeted({ points: 9 });
    const rules = warchonRules(content);
    // On offer: the Celestine set's units with a Point Value, nothing of the Azuthka set.
    expect(rules.builds.map((b) => [b.side, b.points, b.offer.map((o) => o.record)])).toEqual([
      ['celestine', 9, ['celestine-crusaders', 'celestine-paladins', 'celestine-war-angels']],
    ]);
    const cost = Object.fromEntries(rules.builds[0]!.offer.map((o) => [o.record, o.points]));
    let s = game.setup(content, 5).state;
    expect(s.step).toBe('army');
    expect(s.active).toBe('celestine');
    // Nothing bought yet: no end-army (an army has at least one unit while one can be bought).
    expect(game.legalMoves(content, s).map((m) => m.kind)).toEqual(['recruit', 'recruit', 'recruit']);
    const log: GameEvent[] = [];
    for (const unit of ['celestine-war-angels', 'celestine-paladins'] as const) {
      const r = play(content, s, { kind: 'recruit', unit });
      log.push(...r.events);
      s = r.state;
    }
    const spent = cost['celestine-war-angels']! + cost['celestine-paladins']!;
    // Only units the points left pay for are offered, and the army may end now.
    const left = 9 - spent;
    const offered = game.legalMoves(content, s);
    expect(offered.filter((m) => m.kind === 'recruit').map((m) => (m as { unit: string }).unit)).toEqual(Object.keys(cost).filter((r) => cost[r]! <= left));
    expect(offered).toContainEqual({ kind: 'end-army' });
    for (const unit of Object.keys(cost).filter((r) => cost[r]! > left)) expect(() => play(content, s, { kind: 'recruit', unit })).toThrow(/not a legal move/);
    const ended = play(content, s, { kind: 'end-army' });
    log.push(...ended.events);
    s = ended.state;
    expect(log.filter((e) => e.effect === 'recruit').map((e) => [e.unit, e.spent, e.budget])).toEqual([
      ['celestine-war-angels-1', cost['celestine-war-angels'], 9],
      ['celestine-paladins-1', spent, 9],
    ]);
    expect(log.find((e) => e.effect === 'army-built')).toMatchObject({
      side: 'celestine',
      units: ['celestine-war-angels-1', 'celestine-paladins-1'],
      spent,
      rule: 'scenario/demo#/sides/1/army/budget',
    });
    // Set-up as the scenario says: Azuthka first on spreads 5-7, then the bought Celestine units on 1-3.
    expect(s.step).toBe('setup');
    expect(s.active).toBe('azuthka');
    while (s.step === 'setup') s = play(content, s, game.legalMoves(content, s)[0]!).state;
    const celestine = s.core.units.filter((u) => u.side === 'celestine');
    expect(celestine.map((u) => u.record)).toEqual(['celestine-war-angels', 'celestine-paladins']);
    for (const u of celestine) expect(rules.zones.celestine).toContain(u.location);
    // Then the game plays on through the loop to a result.
    let moves = 0;
    while (s.result === null && moves++ < 5000) {
      const legal = game.legalMoves(content, s);
      s = play(content, s, legal[moves % legal.length]!).state;
    }
    expect(s.result).not.toBeNull();
  });

  it('a Distinct unit is offered once per army, twice when the budget allows copies (distinctOnce: false)', () => {
    const distinctPaladins = (r: Records) => {
      r.unit!['celestine-paladins'] = { ...r.unit!['celestine-paladins']!, descriptors: ['human', 'warriors', 'distinct'] };
    };
    const once = budgeted({ points: 20 }, distinctPaladins);
    let s = game.setup(once, 1).state;
    s = play(once, s, { kind: 'recruit', unit: 'celestine-paladins' }).state;
    expect(game.legalMoves(once, s)).not.toContainEqual({ kind: 'recruit', unit: 'celestine-paladins' });
    expect(() => play(once, s, { kind: 'recruit', unit: 'celestine-paladins' })).toThrow(/not a legal move/);
    const copies = budgeted({ points: 20, distinctOnce: false }, distinctPaladins);
    let t = game.setup(copies, 1).state;
    t = play(copies, t, { kind: 'recruit', unit: 'celestine-paladins' }).state;
    expect(game.legalMoves(copies, t)).toContainEqual({ kind: 'recruit', unit: 'celestine-paladins' });
    t = play(copies, t, { kind: 'recruit', unit: 'celestine-paladins' }).state;
    expect(t.unplaced.celestine).toEqual(['celestine-paladins-1', 'celestine-paladins-2']);
  });

  it('a unit on offer with both Nether and Purity is a content error', () => {
    const both = budgeted({ points: 9 }, (r) => {
      r.unit!['celestine-paladins'] = { ...r.unit!['celestine-paladins']!, traits: ['nether', 'purity'] };
    });
    expect(() => game.setup(both, 1)).toThrow(WarchonContentError);
    expect(() => game.setup(both, 1)).toThrow(/both Nether and Purity/);
  });

  it('bots build armies and play budgeted games to a result, the same game for the same seed', () => {
    const content = budgeted({ points: 10 });
    const g = game as unknown as Game<unknown, GameState, GameMove>;
    for (let seed = 1; seed <= 20; seed++) {
      const lines: string[] = [];
      const summary = playGame(g, content, 0, seed, ['random', 'greedy'], { maxMoves: 10_000 }, (l) => void lines.push(JSON.stringify(l)));
      expect(summary.end).toBe('result');
      const again: string[] = [];
      playGame(g, content, 0, seed, ['random', 'greedy'], { maxMoves: 10_000 }, (l) => void again.push(JSON.stringify(l)));
      expect(again).toEqual(lines);
      expect(lines.some((l) => l.includes('"effect":"army-built"'))).toBe(true);
    }
  });

  it('a scenario with a list of units (the demo) has no army building', () => {
    const s = game.setup(base, 1).state;
    expect(s.step).toBe('setup');
    expect('army' in s).toBe(false);
    expect(warchonRules(base).builds).toEqual([]);
  });
});
