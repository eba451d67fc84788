// Warchon's player views (src/engine/warchon/view.ts): set-up is secret and a playmark shows only
// that a unit is there, so a side sees of each enemy unit it has not seen in battle only where it
// is; bots decide from that view; a unit seen in battle stays known (ruling seen-units-stay-known).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadContent, type PackContent } from '../src/content/effective.js';
import { bot } from '../src/engine/core/bots.js';
import { seedRandom, type RandomState } from '../src/engine/core/random.js';
import { searchBot } from '../src/engine/core/search-bot.js';
import { unitWith } from '../src/engine/core/state.js';
import { warchonGame as game, warchonRules, type WarchonState } from '../src/engine/warchon/index.js';
import { stateWith } from '../src/engine/warchon/state.js';
import { UNSEEN, unseenUnits } from '../src/engine/warchon/view.js';

const PACK = fileURLToPath(new URL('../content/warchon/', import.meta.url));
const base = loadContent([PACK]).packs.get('warchon') as PackContent;
const content = base as never;
const rules = warchonRules(content);

/** The states of one game played by random bots from `seed`, in order. */
function states(seed: number, limit = 4000, c: never = content): WarchonState[] {
  const content = c;
  let state = game.setup(content, seed).state;
  let random: RandomState = seedRandom(seed + 1000);
  const out = [state];
  for (let i = 0; i < limit && state.result === null; i++) {
    const legal = game.legalMoves(content, state);
    const picked = bot('random').choose(game as never, content, state as never, legal, random);
    random = picked.random;
    state = game.play(content, state, picked.move as never).state;
    out.push(state);
  }
  return out;
}

/** The first Movement Round state of Azuthka with every Celestine unit unseen, on three spreads. */
function azuthkaMovement(): WarchonState {
  for (let seed = 1; seed < 50; seed++) {
    const found = states(seed, 200).find(
      (s) =>
        s.step === 'movement' &&
        s.active === 'azuthka' &&
        unseenUnits(rules, s, 'azuthka').size === 3 &&
        new Set(s.core.units.filter((u) => u.side === 'celestine').map((u) => u.location)).size === 3,
    );
    if (found) return found;
  }
  throw new Error('no such state in 50 games');
}

/**
 * Checks every state of seeded games on `c`, for each side: no unseen enemy unit's id in its view,
 * nor its record unless a unit the side sees has it; a unit seen in battle shown whole; a
 * determinized view offering the side to act the real state's moves. Returns what it checked.
 */
function checkViews(c: never, seeds: number): { hiddenSeen: number; knownAfterBattle: number } {
  const rules = warchonRules(c);
  let hiddenSeen = 0;
  let knownAfterBattle = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    for (const s of states(seed, 4000, c)) {
      for (const side of rules.sides) {
        const view = game.playerView!(c, s, side);
        const text = JSON.stringify(view);
        const hidden = unseenUnits(rules, s, side);
        const shown = new Set(view.core.units.map((u) => u.record));
        for (const u of s.core.units) {
          if (!hidden.has(u.id)) continue;
          hiddenSeen++;
          expect(text.includes(u.id), `${u.id} in ${side}'s view (seed ${seed})`).toBe(false);
          if (!shown.has(u.record)) expect(text.includes(u.record!), `${u.record} in ${side}'s view (seed ${seed})`).toBe(false);
        }
        // A unit seen in battle is shown whole from then on.
        for (const id of s.seen[side]!) {
          const real = s.core.units.find((u) => u.id === id)!;
          if (real.side === side) continue;
          expect(view.core.units.find((u) => u.id === id)).toEqual(real);
          knownAfterBattle++;
        }
        if (side === s.active && s.result === null) {
          const known = game.determinize!(c, view, side, seedRandom(seed));
          expect(game.legalMoves(c, known.state)).toEqual(game.legalMoves(c, s));
        }
      }
    }
  }
  return { hiddenSeen, knownAfterBattle };
}

/** The demo with the Celestine army built from a budget of `points` instead of its list (as test/warchon-army.test.ts). */
function budgeted(points: number): never {
  const records = structuredClone(base.records) as unknown as { scenario: { demo: { sides: { side: string; army: unknown }[] } } };
  records.scenario.demo.sides.find((s) => s.side === 'celestine')!.army = { budget: { points }, text: 'Build your army on a total of points.' };
  return { ...base, records } as never;
}

describe('Warchon player views', () => {
  it('two states differing only in which unseen enemy unit is where, and their Hits, give the same view, and greedy and search bots choose alike', () => {
    const a = azuthkaMovement();
    const [x, y] = a.core.units.filter((u) => u.side === 'celestine');
    // Swap where the War Angels and the Crusaders stand, and take a Hit off one of them.
    const b = stateWith(a, {
      core: {
        ...a.core,
        units: a.core.units.map((u) =>
          u.id === x!.id ? unitWith(u, { location: y!.location, hits: u.hits - 1 }) : u.id === y!.id ? unitWith(u, { location: x!.location }) : u,
        ),
      },
    });
    expect(x!.record).not.toBe(y!.record);
    expect(JSON.stringify(b)).not.toBe(JSON.stringify(a));
    expect(game.playerView!(content, b, 'azuthka')).toEqual(game.playerView!(content, a, 'azuthka'));
    const legal = game.legalMoves(content, a);
    expect(game.legalMoves(content, b)).toEqual(legal);
    for (const chooser of [bot('greedy'), searchBot({ playouts: 24, depth: 12 })]) {
      for (let seed = 1; seed <= 3; seed++) {
        const fromA = chooser.choose(game as never, content, a as never, legal, seedRandom(seed)).move;
        const fromB = chooser.choose(game as never, content, b as never, legal, seedRandom(seed)).move;
        expect(fromB, `${chooser.name} seed ${seed}`).toEqual(fromA);
      }
    }
  });

  it('the ruling seen-units-stay-known is read: without it, a unit seen in an earlier battle is unseen again once that battle is over', () => {
    const forgetting = { ...base, records: { ...base.records, rules: { core: { ...base.records.rules!.core!, seenUnits: null } } } } as never;
    let checked = 0;
    for (let seed = 1; seed <= 6 && checked === 0; seed++) {
      for (const s of states(seed, 4000)) {
        const remembered = (s.seen.azuthka ?? []).filter((id) => {
          const u = s.core.units.find((x) => x.id === id)!;
          return u.side === 'celestine' && !u.destroyed && u.location !== s.battle?.spread && s.pending === null;
        });
        if (remembered.length === 0) continue;
        const id = remembered[0]!;
        expect(JSON.stringify(game.playerView!(content, s, 'azuthka'))).toContain(id);
        expect(JSON.stringify(game.playerView!(forgetting, s, 'azuthka'))).not.toContain(id);
        checked++;
        break;
      }
    }
    expect(checked).toBe(1);
  });

  it("a unit the side sees names no unseen unit: a modifier or control from an unseen unit's rule keeps its effect, its source named unseen", () => {
    const a = azuthkaMovement();
    const hidden = [...unseenUnits(rules, a, 'azuthka')][0]!;
    const own = a.core.units.find((u) => u.side === 'azuthka')!;
    const source = `trait/frigid@${hidden}`;
    const marked = stateWith(a, {
      core: {
        ...a.core,
        units: a.core.units.map((u) =>
          u.id === own.id
            ? unitWith(u, {
                modifiers: [...u.modifiers, { stat: 'as', op: 'add', value: -1, rounding: null, duration: 'battle', location: null, turnsLeft: null, source }],
              })
            : u,
        ),
      },
    });
    expect(JSON.stringify(marked)).toContain(hidden);
    const view = game.playerView!(content, marked, 'azuthka');
    expect(JSON.stringify(view)).not.toContain(hidden);
    expect(view.core.units.find((u) => u.id === own.id)!.modifiers.at(-1)).toMatchObject({ stat: 'as', value: -1, source: 'unseen' });
  });

  it("over seeded games, no view holds an unseen enemy unit's id or record, and a determinized view offers the same moves", () => {
    const { hiddenSeen, knownAfterBattle } = checkViews(content, 12);
    expect(hiddenSeen).toBeGreaterThan(1000);
    expect(knownAfterBattle).toBeGreaterThan(100);
  });

  it('an army built from points is built in secret: the other side sees its recruits as unseen, and a view of it still plays the same moves', () => {
    const built = budgeted(9);
    const { hiddenSeen } = checkViews(built, 6);
    expect(hiddenSeen).toBeGreaterThan(500);
    const start = game.setup(built, 4).state;
    const move = game.legalMoves(built, start)[0]!;
    expect(move.kind).toBe('recruit');
    const played = game.play(built, start, move);
    const recruit = played.events.find((e) => e.effect === 'recruit')!;
    expect(recruit.record).toBeTypeOf('string');
    const seen = game.viewEvent!(built, recruit, 'azuthka', played.state)!;
    expect(seen).toEqual({ type: 'effect', effect: 'recruit', rule: recruit.rule, side: 'celestine', unit: UNSEEN, budget: 9 });
    expect(game.viewEvent!(built, recruit, 'celestine', played.state)).toEqual(recruit);
    const playLine = { type: 'play', n: 1, side: 'celestine', move };
    expect(game.viewEvent!(built, playLine, 'azuthka', played.state)).toEqual({ ...playLine, move: { kind: 'recruit', unit: UNSEEN } });
    for (const line of played.events) expect(JSON.stringify(game.viewEvent!(built, line, 'azuthka', played.state))).not.toContain(String(recruit.record));
  });

  it('a log line leaves out the rule instances of an unseen unit (`<key>@<id>`, `...@<turn>`) and keeps those whose parts only contain its id', () => {
    const s = azuthkaMovement();
    const hidden = [...unseenUnits(rules, s, 'azuthka')][0]!;
    const line = { type: 'effect', effect: 'static', rules: [`a@${hidden}`, `a@${hidden}@2`, `${hidden}@a`, `a@${hidden}0`, `a@x${hidden}`, 'a@b'] };
    expect(game.viewEvent!(content, line, 'azuthka', s)).toEqual({ ...line, rules: [`a@${hidden}0`, `a@x${hidden}`, 'a@b'] });
    expect(game.viewEvent!(content, line, 'celestine', s)).toEqual(line);
  });

  it("log lines as a side sees them: the enemy's placements show only the spread, the attacker's fingers are hidden until both are shown", () => {
    const start = game.setup(content, 3).state;
    const move = game.legalMoves(content, start)[0]!;
    if (move.kind !== 'place') throw new Error(`set-up offers ${move.kind} first`);
    const played = game.play(content, start, move);
    const place = played.events.find((e) => e.effect === 'place')!;
    expect(game.viewEvent!(content, place, 'celestine', played.state)).toEqual({
      type: 'effect',
      effect: 'place',
      rule: place.rule,
      unit: UNSEEN,
      spread: place.spread,
    });
    expect(game.viewEvent!(content, place, 'azuthka', played.state)).toEqual(place);
    const playLine = { type: 'play', n: 1, side: 'azuthka', move };
    expect(game.viewEvent!(content, playLine, 'celestine', played.state)).toEqual({ ...playLine, move: { ...move, unit: UNSEEN } });
    // Fingers: the attacker's play line shows 0 to the defender while its count is hidden in the state.
    const fingers = states(3).find((s) => s.battle?.attackerFingers != null)!;
    const attacker = fingers.core.battle!.attacker;
    const defender = fingers.core.battle!.defender;
    const line = { type: 'play', n: 9, side: attacker, move: { kind: 'fingers', n: fingers.battle!.attackerFingers! } };
    expect(game.viewEvent!(content, line, defender, fingers)).toEqual({ ...line, move: { kind: 'fingers', n: 0 } });
    expect(game.viewEvent!(content, line, attacker, fingers)).toEqual(line);
  });
});
