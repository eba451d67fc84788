// Issue 22: every value of Warchon's core rules, its result records and its scenario is read by the
// engine, or fixed by the schema (`const`). Each test loads the pack from its YAML, plays through the
// game loop (`warchonGame.play`) with the shipped value, then with one value changed in a copy of
// the content, and asserts what the change does to play. Editing the value in the YAML turns the
// test red: its first half then no longer holds.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { loadContent, type PackContent } from '../src/content/effective.js';
import { boost, playMoves, position } from './warchon-support.js';
import { findUnit } from '../src/engine/core/state.js';
import { warchonGame as game, warchonRules, type WarchonMove, type WarchonState } from '../src/engine/warchon/index.js';
import { resolveCombat } from '../src/engine/warchon/tables.js';

const PACK = fileURLToPath(new URL('../content/warchon/', import.meta.url));
const shipped = loadContent([PACK]).packs.get('warchon') as PackContent;

type Records = { [kind: string]: { [id: string]: Record<string, unknown> } };

/** A copy of the content with `edit` applied to a deep copy of its records (the engine compiles the copy anew: its caches are per content object). */
function changed(edit: (records: Records) => void): PackContent {
  const records = structuredClone(shipped.records) as unknown as Records;
  edit(records);
  return { ...shipped, records: records as unknown as PackContent['records'] };
}

/** The core rules record of a copy, by part (`movement`, `capacity`, ...). */
const core = (records: Records, part: string) => records.rules!.core![part] as Record<string, unknown>;

const dests = (content: PackContent, s: WarchonState, unit: string) =>
  game.legalMoves(content, s).flatMap((m) => (m.kind === 'move' && m.unit === unit ? [m.to] : []));
const fingers = (n: number): WarchonMove => ({ kind: 'fingers', n });
const END: WarchonMove = { kind: 'end-movement' };
/** Where the War Angels (Aerial, Movement 3) may fly from Erdon Pass with the shipped data: every spread within 3, paths at cost 1. */
const FLIGHT_FROM_ERDON_PASS = ['irondale', 'dracosroar', 'akibatu', 'mount-tzask', 'xetti-bishum', 'kier-zhadd'];

describe('Warchon: the core rules values the engine reads', () => {
  it('rng attackerReads/defenderReads: swapped, the Attacker picks the row and the Defender the column', () => {
    // The printed matrices are symmetric (row d, column a holds what row a, column d holds), so a
    // swap shows only on a matrix that is not: Erdon Pass with its row 1, column 2 set to 1 (it prints 4).
    const asymmetric = (records: Records) => {
      ((records.spread!['erdon-pass']!.rng as unknown[][])[0] as unknown[])[1] = 1;
    };
    const base = changed(asymmetric);
    const swapped = changed((r) => {
      asymmetric(r);
      core(r, 'rng').attackerReads = 'rows';
      core(r, 'rng').defenderReads = 'columns';
    });
    const at = { 'baphite-swarm-1': 'erdon-pass', 'celestine-crusaders': 'erdon-pass' };
    const number = (content: PackContent) =>
      playMoves(content, position(content, 'azuthka', at), END, fingers(2), fingers(1)).events.find((e) => e.type === 'fingers');
    // Attacker 2 and Defender 1: the top row's column 2 on the left column's row 1, the 1 set above.
    expect(number(base)).toMatchObject({ attacker: 2, defender: 1, number: 1 });
    // Swapped: the Attacker's 2 picks row 2, the Defender's 1 column 1: 4.
    expect(number(swapped)).toMatchObject({ attacker: 2, defender: 1, number: 4 });
  });

  it('rng: the Attacker and the Defender reading the same axis is a content error', () => {
    const same = changed((r) => {
      core(r, 'rng').defenderReads = 'columns';
    });
    expect(() => game.setup(same, 1)).toThrow(/both read the columns/);
  });

  it('retreat: without the ruling retreat-destination (rules core /retreat null) the game cannot be played', () => {
    const open = changed((r) => {
      r.rules!.core!.retreat = null as never;
    });
    expect(() => game.setup(open, 1)).toThrow(/rules core \/retreat is not set/);
    expect(game.setup(shipped, 1).state.step).toBe('setup');
  });

  it('movement pathCost 2: a path costs two Movement', () => {
    const at = { 'deathknoll-ogres': 'erdon-pass', 'celestine-paladins': 'dracosroar' };
    // Movement 2 from Sp. 1: Akibatu by the path, then Sp. 5 and Kier-Zhadd one step on from it.
    const s = position(shipped, 'azuthka', at);
    expect(dests(shipped, s, 'deathknoll-ogres')).toEqual(['irondale', 'dracosroar', 'akibatu', 'mount-tzask', 'kier-zhadd']);
    const costly = changed((r) => {
      core(r, 'movement').pathCost = 2;
    });
    // At 2 a path spends all the Ogres' Movement: Akibatu, and nothing beyond it.
    const c = position(costly, 'azuthka', at);
    expect(dests(costly, c, 'deathknoll-ogres')).toEqual(['irondale', 'dracosroar', 'akibatu']);
    expect(() => playMoves(costly, c, { kind: 'move', unit: 'deathknoll-ogres', to: 'kier-zhadd' })).toThrow();
    expect(findUnit(playMoves(shipped, s, { kind: 'move', unit: 'deathknoll-ogres', to: 'kier-zhadd' }).state.core, 'deathknoll-ogres')!.location).toBe(
      'kier-zhadd',
    );
    // An Aerial unit counts paths at their cost too: the War Angels (Movement 3) reach Xetti Bishum and
    // Kier-Zhadd by a path only at cost 1.
    const flight = { 'celestine-war-angels': 'erdon-pass', 'deathknoll-ogres': 'mount-tzask' };
    expect(dests(shipped, position(shipped, 'celestine', flight), 'celestine-war-angels')).toEqual(FLIGHT_FROM_ERDON_PASS);
    expect(dests(costly, position(costly, 'celestine', flight), 'celestine-war-angels')).toEqual(['irondale', 'dracosroar', 'akibatu', 'mount-tzask']);
  });

  it('movement stopOnEnemy false: a unit moves on past a spread with an enemy unit', () => {
    const at = { 'deathknoll-ogres': 'kier-zhadd', 'celestine-paladins': 'xetti-bishum', 'celestine-crusaders': 'akibatu' };
    // Kier-Zhadd, Movement 2: the Ogres stop at Akibatu (the path) and at Xetti Bishum, where the enemy stands.
    const s = position(shipped, 'azuthka', at);
    const walks = changed((r) => {
      core(r, 'movement').stopOnEnemy = false;
    });
    const w = position(walks, 'azuthka', at);
    const stopped = dests(shipped, s, 'deathknoll-ogres');
    const onward = dests(walks, w, 'deathknoll-ogres');
    // Through the Crusaders at Akibatu to Erdon Pass (its path); through the Paladins at Xetti Bishum to Dracosroar (its path).
    for (const beyond of ['erdon-pass', 'dracosroar']) {
      expect(stopped).not.toContain(beyond);
      expect(onward).toContain(beyond);
    }
    const moved = playMoves(walks, w, { kind: 'move', unit: 'deathknoll-ogres', to: 'erdon-pass' }).state;
    expect(findUnit(moved.core, 'deathknoll-ogres')!.location).toBe('erdon-pass');
  });

  it('capacity aerialSeparate false: Aerial units count against Capacity with the rest', () => {
    const at = {
      'celestine-crusaders': 'erdon-pass',
      'celestine-paladins': 'irondale',
      'celestine-war-angels': 'irondale',
      'deathknoll-ogres': 'kier-zhadd',
    };
    const together = changed((r) => {
      core(r, 'capacity').aerialSeparate = false;
    });
    // The Paladins join the Crusaders and fill Erdon Pass (Size 4 of Capacity 4); the War Angels (Aerial, Size 2) still fit, counted apart.
    const full = (content: PackContent) =>
      playMoves(content, position(content, 'celestine', at), { kind: 'move', unit: 'celestine-paladins', to: 'erdon-pass' }).state;
    expect(dests(shipped, full(shipped), 'celestine-war-angels')).toContain('erdon-pass');
    expect(dests(together, full(together), 'celestine-war-angels')).not.toContain('erdon-pass');
    // And an army over Capacity counts them together: the Angels, set there, are among the units its owner may destroy.
    const over = (content: PackContent) => {
      const s = position(content, 'celestine', { ...at, 'celestine-paladins': 'erdon-pass', 'celestine-war-angels': 'erdon-pass' });
      return game.legalMoves(content, s).filter((m) => m.kind === 'destroy');
    };
    expect(over(shipped)).toEqual([]);
    expect(over(together)).toEqual(['celestine-war-angels', 'celestine-crusaders', 'celestine-paladins'].map((unit) => ({ kind: 'destroy', unit })));
  });

  it('capacity separateTrait: the trait named counts apart, not the Aerial one', () => {
    const other = changed((r) => {
      core(r, 'capacity').separateTrait = 'nether';
    });
    const at = {
      'celestine-crusaders': 'erdon-pass',
      'celestine-paladins': 'erdon-pass',
      'celestine-war-angels': 'erdon-pass',
      'deathknoll-ogres': 'kier-zhadd',
    };
    const destroys = (content: PackContent) => game.legalMoves(content, position(content, 'celestine', at)).filter((m) => m.kind === 'destroy');
    // Crusaders and Paladins (Size 4) and the War Angels (Aerial, Size 2) at Erdon Pass (Capacity 4):
    // within it while Aerial counts apart, over it once only Nether units (none here) do.
    expect(destroys(shipped)).toEqual([]);
    expect(destroys(other)).toHaveLength(3);
  });

  it('events perLocationPerTurn 2: a second E number in the same battle calls a second event', () => {
    // Erdon Pass: fingers 3 and 1 give 5E; event number 2 (fingers 5 and 1): Fortified Defense, +2 DS; then 5E again.
    const at = { 'baphite-swarm-1': 'erdon-pass', 'baphite-swarm-2': 'erdon-pass', 'celestine-crusaders': 'erdon-pass' };
    const twice = changed((r) => {
      core(r, 'events').perLocationPerTurn = 2;
    });
    const battle = (content: PackContent) => {
      const first = playMoves(content, position(content, 'azuthka', at), END, fingers(3), fingers(1), fingers(5), fingers(1));
      return playMoves(content, first.state, fingers(3), fingers(1));
    };
    const once = battle(shipped);
    expect(once.events.filter((e) => e.type === 'event-called')).toHaveLength(0);
    expect(once.events.find((e) => e.type === 'result')).toMatchObject({ number: 5 });
    const again = battle(twice);
    expect(again.events.filter((e) => e.type === 'event-called')).toHaveLength(1);
    expect(again.events.find((e) => e.type === 'result')).toBeUndefined();
    expect(again.state.battle?.stage).toBe('event-fingers');
    expect(again.state.eventsUsed).toEqual(['erdon-pass', 'erdon-pass']);
    // The third E is ignored: two events at most.
    const third = playMoves(twice, again.state, fingers(5), fingers(1), fingers(3), fingers(1));
    expect(third.events.filter((e) => e.type === 'event-called')).toHaveLength(0);
    expect(third.events.find((e) => e.type === 'result')).toMatchObject({ number: 5 });
  });

  it('combat clamp 3: a differential beyond 3 is looked up in the +2/+3 column', () => {
    // Erdon Pass, AS 11 against DS 7 (+4), fingers 5 and 2 give 3: column +4, A1D2; clamped at 3, column +2/+3, A1D1.
    const at = { 'baphite-swarm-1': 'erdon-pass', 'baphite-swarm-2': 'erdon-pass', 'celestine-war-angels': 'erdon-pass', 'celestine-crusaders': 'erdon-pass' };
    const mods = { 'baphite-swarm-1': [boost('as', 7)] };
    const narrow = changed((r) => {
      core(r, 'combat').clamp = 3;
    });
    const result = (content: PackContent) =>
      playMoves(content, position(content, 'azuthka', at, { mods }), END, fingers(5), fingers(2)).events.find((e) => e.type === 'result');
    expect(result(shipped)).toMatchObject({ as: 11, ds: 7, differential: 4, column: '+4', result: 'A1D2' });
    expect(result(narrow)).toMatchObject({ as: 11, ds: 7, differential: 4, column: '+2/+3', result: 'A1D1' });
  });
});

describe('Warchon: a look-up outside play reads the core rules too', () => {
  it("resolveCombat (the reference sheet's worked example) with the core rules' reading: clamp 3 looks +4 up in +2/+3; the Attacker reading rows picks the row", () => {
    const tables = warchonRules(shipped).tables;
    const erdon = tables.spreads.get('erdon-pass')!;
    const input = { as: 11, ds: 7, fingers: { attacker: 5, defender: 2 } };
    expect(resolveCombat(erdon, input, { clamp: 5 })).toMatchObject({ differential: 4, column: { label: '+4' }, result: { code: 'A1D2' } });
    expect(resolveCombat(erdon, input, { clamp: 3 })).toMatchObject({ differential: 4, column: { label: '+2/+3' }, result: { code: 'A1D1' } });
    // The printed matrices are symmetric: the axis shows only on one that is not (as in the test of attackerReads above).
    const asymmetric = changed((r) => {
      ((r.spread!['erdon-pass']!.rng as unknown[][])[0] as unknown[])[1] = 1;
    });
    const a = warchonRules(asymmetric).tables.spreads.get('erdon-pass')!;
    const fingers = { as: 0, ds: 0, fingers: { attacker: 2, defender: 1 } };
    expect(resolveCombat(a, fingers, { attackerReads: 'columns' }).number).toBe(1);
    expect(resolveCombat(a, fingers, { attackerReads: 'rows' }).number).toBe(4);
  });
});

describe('Warchon: the scenario and result records the engine reads', () => {
  it("scenario setup zones: Azuthka's set-up zone moved to Sp. 1-3, its playmarks go there", () => {
    const moved = changed((r) => {
      const sides = r.scenario!.demo!.sides as { side: string; setup: { zones: string[] } }[];
      sides.find((s) => s.side === 'azuthka')!.setup.zones = ['erdon-pass', 'irondale', 'dracosroar'];
    });
    const places = (content: PackContent) => {
      const s = game.setup(content, 7).state;
      expect(s.active).toBe('azuthka');
      return [...new Set(game.legalMoves(content, s).flatMap((m) => (m.kind === 'place' ? [m.spread] : [])))];
    };
    expect(places(shipped)).toEqual(['mount-tzask', 'xetti-bishum', 'kier-zhadd']);
    expect(places(moved)).toEqual(['erdon-pass', 'irondale', 'dracosroar']);
    const placed = playMoves(moved, game.setup(moved, 7).state, { kind: 'place', unit: 'baphite-swarm-1', spread: 'erdon-pass' }).state;
    expect(findUnit(placed.core, 'baphite-swarm-1')!.location).toBe('erdon-pass');
  });

  it('result ax-dy: A1D2 gives the Attacker 1 Hit and the Defender 2; the capture groups swapped, the other way round', () => {
    // Erdon Pass, AS 11 against DS 7 (+4), fingers 5 and 2 give 3: A1D2.
    const at = { 'baphite-swarm-1': 'erdon-pass', 'baphite-swarm-2': 'erdon-pass', 'celestine-war-angels': 'erdon-pass', 'celestine-crusaders': 'erdon-pass' };
    const mods = { 'baphite-swarm-1': [boost('as', 7)] };
    const swapped = changed((r) => {
      const form = r.result!['ax-dy']!;
      form.attackerHitsGroup = 2;
      form.defenderHitsGroup = 1;
    });
    const hits = (content: PackContent) => {
      const { state, events } = playMoves(content, position(content, 'azuthka', at, { mods }), END, fingers(5), fingers(2));
      expect(events.find((e) => e.type === 'result')).toMatchObject({ result: 'A1D2' });
      return state.battle!.hits;
    };
    expect(hits(shipped)).toEqual([
      { side: 'azuthka', left: 1 },
      { side: 'celestine', left: 2 },
    ]);
    expect(hits(swapped)).toEqual([
      { side: 'azuthka', left: 2 },
      { side: 'celestine', left: 1 },
    ]);
  });
});

describe('Warchon: Aerial movement read from the trait rules (move-directly)', () => {
  const at = { 'celestine-war-angels': 'erdon-pass', 'celestine-paladins': 'erdon-pass', 'baphite-swarm-1': 'irondale', 'deathknoll-ogres': 'akibatu' };

  it('without move-directly in trait/aerial/flies, the War Angels walk and stop at enemies like the Paladins', () => {
    const grounded = changed((r) => {
      const flies = (r.trait!.aerial!.rules as { id: string; do: unknown[] }[]).find((x) => x.id === 'flies')!;
      flies.do = [{ kind: 'no-effect' }];
    });
    // Shipped: straight over the Swarm at Sp. 2 and the Ogres at Akibatu, as far as Sp. 6 and 7.
    expect(dests(shipped, position(shipped, 'celestine', at), 'celestine-war-angels')).toEqual(FLIGHT_FROM_ERDON_PASS);
    expect(dests(grounded, position(grounded, 'celestine', at), 'celestine-war-angels')).toEqual(['irondale', 'akibatu']);
  });

  it('move-directly in another trait: its units fly, whatever the trait is called', () => {
    const flying = changed((r) => {
      // The Paladins' own traits: give one of them the Aerial way of moving.
      const traits = (r.unit!['celestine-paladins']!.traits as string[] | null) ?? [];
      r.unit!['celestine-paladins']!.traits = [...traits, 'purity'];
      r.trait!.purity!.rules = [...(r.trait!.purity!.rules as unknown[]), { id: 'soars', text: 'Soars.', do: [{ kind: 'move-directly' }] }];
    });
    expect(dests(shipped, position(shipped, 'celestine', at), 'celestine-paladins')).toEqual(['irondale', 'akibatu']);
    expect(dests(flying, position(flying, 'celestine', at), 'celestine-paladins')).toEqual(['irondale', 'dracosroar', 'akibatu', 'mount-tzask', 'kier-zhadd']);
  });

  it('move-directly in a trait rule with a condition, or in a rule of no trait, is a content error (the movement reads it from the traits, always)', () => {
    const conditional = changed((r) => {
      const flies = (r.trait!.aerial!.rules as { id: string; if?: unknown }[]).find((x) => x.id === 'flies')!;
      flies.if = { battle: 'here' };
    });
    expect(() => game.setup(conditional, 1)).toThrow(/move-directly only from a trait's rule without/);
    const scenarioRule = changed((r) => {
      r.scenario!.demo!.specialRules = [{ text: 'Everybody flies.', do: [{ kind: 'move-directly' }] }];
    });
    expect(() => game.setup(scenarioRule, 1)).toThrow(/scenario\/demo#\/specialRules\/0: Warchon reads move-directly only from a trait's rules/);
  });

  it('halvedRounding: the ruling that rounds halved values down and the effect that halves (Dracosroar Event 1) agree; set up, the core rules otherwise are refused', () => {
    expect(() => game.setup(shipped, 1)).not.toThrow();
    const up = changed((r) => {
      r.rules!.core!.halvedRounding = 'up';
    });
    expect(() => game.setup(up, 1)).toThrow(
      /spread\/dracosroar#\/events\/entries\/0: an effect halves with rounding down, but the core rules round halved values up/,
    );
  });
});
