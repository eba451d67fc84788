// Encodings of Warmaster rules that were wrong or lossy (issue 8), each played on the effective
// content (generated module, layers applied): each test is named for the rule it checks.
import { describe, expect, it } from 'vitest';
import { cards, scenarios, teleportTables, units } from '../generated/content/warmaster.js';
import type { EffectContext } from '../src/engine/core/context.js';
import { rollDie } from '../src/engine/core/dice.js';
import { applyEffects } from '../src/engine/core/effects/index.js';
import { firstPolicy } from '../src/engine/core/policy.js';
import { seedRandom } from '../src/engine/core/random.js';
import { createState, type CoreState } from '../src/engine/core/state.js';
import { fire } from '../src/engine/core/rules/index.js';
import { revealCard, warmasterRules } from '../src/engine/warmaster/cards.js';

function seedWhere(die: 'd6' | 'd66', pred: (value: number) => boolean): number {
  for (let seed = 0; seed < 10_000; seed++) if (pred(rollDie(seedRandom(seed), die).value)) return seed;
  throw new Error('no seed');
}
const alive = (s: CoreState) => s.units.filter((u) => !u.destroyed).map((u) => u.id);
const where = (s: CoreState) => Object.fromEntries(s.units.map((u) => [u.id, u.location]));
// The game's table hook gives the Teleportation Table as the core's roll-table effect rolls it.
const table = (id: string) => (id === 'teleportation' ? teleportTables.teleportation : undefined);
const destinations = () => ['area-14', 'the-bridge'];

/** The teleporting group (marines, guard) off the ship, another Imperial group waiting beside it, and units on the ship. */
function board(seed: number): CoreState {
  return createState({
    seed,
    sides: ['imperial', 'traitor'],
    units: [
      { id: 'marines', side: 'imperial', location: 'staging' },
      { id: 'guard', side: 'imperial', location: 'staging' },
      { id: 'waiting', side: 'imperial', location: 'staging' },
      { id: 'on-ship', side: 'imperial', location: 'area-25' },
      { id: 'horde', side: 'traitor', location: 'area-25' },
    ],
  });
}
const group: EffectContext = { owner: 'imperial', source: 'teleport', location: 'staging', table, destinations, subject: ['marines', 'guard'] };

describe('Warmaster Teleportation Table: the teleporting group, never everything', () => {
  it('Teleportation 11-12 "Death!": only the teleporting group is destroyed, not the other units at its location', () => {
    const after = applyEffects(board(seedWhere('d66', (v) => v <= 12)), [{ kind: 'roll-table', table: 'teleportation' }], group, firstPolicy).state;
    expect(alive(after)).toEqual(['waiting', 'on-ship', 'horde']);
  });

  it('Teleportation 11-12 "Death!" with no location set destroys only the teleporting group, never every unit in play', () => {
    const { location: _none, ...anywhere } = group;
    const after = applyEffects(board(seedWhere('d66', (v) => v <= 12)), [{ kind: 'roll-table', table: 'teleportation' }], anywhere, firstPolicy).state;
    expect(alive(after)).toEqual(['waiting', 'on-ship', 'horde']);
  });

  it('Teleportation 11-12 "Death!" with no teleporting group named destroys no unit', () => {
    const { location: _l, subject: _s, ...bare } = group;
    const after = applyEffects(board(seedWhere('d66', (v) => v <= 12)), [{ kind: 'roll-table', table: 'teleportation' }], bare, firstPolicy).state;
    expect(alive(after)).toEqual(['marines', 'guard', 'waiting', 'on-ship', 'horde']);
  });

  it('Teleportation 66 "Perfectly!": only the teleporting group moves to the chosen area', () => {
    const after = applyEffects(board(seedWhere('d66', (v) => v === 66)), [{ kind: 'roll-table', table: 'teleportation' }], group, firstPolicy).state;
    expect(where(after)).toEqual({ marines: 'area-14', guard: 'area-14', waiting: 'staging', 'on-ship': 'area-25', horde: 'area-25' });
  });

  it("The Emperor's perfect teleport: his group's teleport is replaced (no roll), and it moves his group only, not every friendly unit", () => {
    const state = createState({
      seed: 1,
      sides: ['imperial', 'traitor'],
      units: [
        { id: 'emperor', record: 'the-emperor', side: 'imperial', location: 'staging' },
        { id: 'custodes', side: 'imperial', location: 'staging' },
        { id: 'kane-group', side: 'imperial', location: 'staging' },
        { id: 'on-ship', side: 'imperial', location: 'area-25' },
      ],
    });
    const rules = warmasterRules({ cards, units });
    const teleport = fire(state, { event: 'group-teleports', location: 'staging', side: 'imperial', units: ['emperor', 'custodes'] }, rules, firstPolicy, {
      table,
      destinations,
    });
    expect(teleport.replaced).toBe(true);
    expect(teleport.log.flatMap((l) => l.rolls)).toEqual([]);
    expect(where(teleport.state)).toEqual({ emperor: 'area-14', custodes: 'area-14', 'kane-group': 'staging', 'on-ship': 'area-25' });
    // A group without the Emperor teleports as the game rolls it: nothing replaces its teleport.
    const other = fire(state, { event: 'group-teleports', location: 'staging', side: 'imperial', units: ['kane-group'] }, rules, firstPolicy, {
      table,
      destinations,
    });
    expect(other.replaced).toBe(false);
    expect(where(other.state)).toEqual(where(state));
  });
});

describe('Warmaster Emperor and General Kane: immunity read when the card is revealed', () => {
  const content = { cards, units };
  const ship = (seed: number, emperorAt: string) =>
    createState({
      seed,
      sides: ['imperial', 'traitor'],
      units: [
        { id: 'emperor', record: 'the-emperor', side: 'imperial', location: emperorAt },
        { id: 'marines', side: 'imperial', location: 'area-25' },
        { id: 'kane', record: 'general-kane', side: 'imperial', location: 'area-33' },
        { id: 'guard', side: 'imperial', location: 'area-33' },
      ],
    });

  it('The Emperor ignores Horror: a Horror card revealed in his area is replaced, removed from the game with no effect', () => {
    const state = ship(
      seedWhere('d6', (v) => v >= 5),
      'area-25',
    );
    const { state: after, log } = revealCard(state, content, 'horror', 'area-25', firstPolicy);
    expect(alive(after)).toEqual(['emperor', 'marines', 'kane', 'guard']);
    expect(after.zones).toMatchObject({ revealed: [], removed: ['horror'] });
    expect(log.map((l) => [l.kind, l.source])).toEqual([
      ['trigger', 'special-unit/the-emperor/ignores-horror@emperor'],
      ['move-cards', 'special-unit/the-emperor/ignores-horror@emperor'],
    ]);
    expect(log[0]!.data).toMatchObject({ instead: true });
  });

  it('The Emperor ignores Horror only while he shares its area: after he leaves, a Horror revealed there acts as printed and then leaves play', () => {
    const seed = seedWhere('d6', (v) => v >= 5);
    const state = ship(seed, 'area-25');
    const moved = { ...state, units: state.units.map((u) => (u.id === 'emperor' ? { ...u, location: 'area-14' } : u)) };
    const { state: after } = revealCard(moved, content, 'horror', 'area-25', firstPolicy);
    expect(alive(after)).toEqual(['emperor', 'kane', 'guard']);
    expect(after.zones).toMatchObject({ revealed: [], removed: ['horror'] });
  });

  it('The Emperor ignores Horror but not Trap; General Kane ignores Trap but not Horror', () => {
    const trapSeed = seedWhere('d6', (v) => v >= 4);
    expect(alive(revealCard(ship(trapSeed, 'area-25'), content, 'trap', 'area-25', firstPolicy).state)).toHaveLength(3);
    const kane = revealCard(ship(trapSeed, 'area-25'), content, 'trap', 'area-33', firstPolicy);
    expect(kane.log[0]).toMatchObject({ kind: 'trigger', source: 'special-unit/general-kane/ignores-traps@kane', data: { instead: true } });
    expect(alive(kane.state)).toHaveLength(4);
    const horrorSeed = seedWhere('d6', (v) => v >= 5);
    expect(alive(revealCard(ship(horrorSeed, 'area-14'), content, 'horror', 'area-33', firstPolicy).state)).toEqual(['emperor', 'marines', 'guard']); // one unit (ruling horror-one-unit)
  });

  it('General Kane ignores Trap only while he is in its area: a destroyed Kane protects no one', () => {
    const seed = seedWhere('d6', (v) => v >= 4);
    const state = ship(seed, 'area-25');
    const dead = { ...state, units: state.units.map((u) => (u.id === 'kane' ? { ...u, destroyed: true } : u)) };
    const { state: after } = revealCard(dead, content, 'trap', 'area-33', firstPolicy);
    expect(alive(after)).toEqual(['emperor', 'marines']);
  });

  it('the immunity leaves no mark on any unit: revealing a card the Emperor stops changes no unit', () => {
    const state = ship(
      seedWhere('d6', (v) => v >= 5),
      'area-25',
    );
    const { state: after } = revealCard(state, content, 'horror', 'area-25', firstPolicy);
    expect(after.units).toEqual(state.units);
  });
});

describe('Warmaster Sanguinius', () => {
  it("Sanguinius's re-roll: the text prints no exception, so no unit cancels it and no layer adds one (layers set only his values)", async () => {
    const { layers } = await import('../generated/content/warmaster.js');
    const reroll = units.sanguinius.abilities.find((a) => a.id === 'reroll')!.do[0]!;
    expect(reroll).toEqual({ kind: 'reroll-combat' });
    expect(units.sanguinius.exceptions).toBeNull();
    const touching = layers.flatMap((l) => l.entries).filter((e) => e.target.kind === 'special-unit' && e.target.id === 'sanguinius');
    expect(touching.map((e) => e.target.pointer).sort()).toEqual(['/attack', '/defence']);
  });
});

describe('Warmaster standard game armies', () => {
  it('Warmaster standard game: the base prints no army lists (the source has none); a reconstruction layer entry supplies them, saying it is invented', async () => {
    const { parse } = await import('yaml');
    const { readFileSync } = await import('node:fs');
    const base = parse(readFileSync(new URL('../content/warmaster/scenarios/standard-game.yaml', import.meta.url), 'utf8')) as {
      sides: { army: { units?: unknown } }[];
    };
    expect(base.sides.map((s) => s.army.units)).toEqual([undefined, undefined]);
    const { layers, origins } = await import('../generated/content/warmaster.js');
    const entries = layers.flatMap((l) => l.entries);
    for (const [i, id] of [
      [0, 'standard-imperial-army'],
      [1, 'standard-traitor-army'],
    ] as const) {
      const e = entries.find((x) => x.id === id)!;
      expect(e).toMatchObject({ kind: 'reconstruction', target: { kind: 'scenario', id: 'standard-game', pointer: `/sides/${i}/army/units` } });
      expect(e.reason).toMatch(/^RECONSTRUCTION \(not printed by the source; invented so the game can be played\)/);
      expect(origins.scenario['standard-game']![`/sides/${i}/army/units`]).toMatchObject({ entry: id, kind: 'reconstruction' });
    }
    expect(scenarios['standard-game'].sides[0]!.army.units!.map((u) => u.unit)).toEqual([
      'the-emperor',
      'sanguinius',
      'rogal-dorn',
      'general-kane',
      'imperial-unit',
      'imperial-guard',
    ]);
    // The Traitor army holds the units its own cup rule puts in the cup, the Demonic hordes too (the cards count themselves).
    expect(scenarios['standard-game'].sides[1]!.army.units!.map((u) => u.unit)).toEqual([
      'warmaster-horus',
      'angron',
      'magnus-the-red-one',
      'doombreed',
      'kraxnar',
      'demonic-hordes',
    ]);
  });

  it("the errata sheet prints Warmaster's reconstructions by piece, in players' words: the combat table's invented cells as one line, marked as invented", async () => {
    const { commonPrintables } = await import('../src/render/common/index.js');
    const { packContentOf } = await import('./content-support.js');
    const sheet = commonPrintables(packContentOf('warmaster'), { playmarkVersion: 'test' }).find((p) => p.id === 'warmaster-errata')!;
    type Line = { kind: string; place: string; change: string; note: string };
    type Page = { components?: { title: string; lines: Line[] }[]; legend: { kind: string }[] };
    const pages = sheet.faces.map((f) => f.context as Page);
    const lines = pages.flatMap((p) => (p.components ?? []).flatMap((c) => c.lines.map((l) => ({ ...l, component: c.title }))));
    const invented = lines.filter((l) => l.kind === 'reconstruction');
    // The armies, the cup, the groups, the combat table's cells and the ship map are all invented.
    expect(invented.length).toBeGreaterThanOrEqual(5);
    // The combat table's 27 reconstructed cells are one line, not 27.
    const cells = invented.filter((l) => /cells/.test(l.place));
    expect(cells).toHaveLength(1);
    expect(cells[0]!.place).toMatch(/27 cells/);
    // Each page that prints an invented value explains its mark.
    for (const p of pages) {
      const kinds = new Set((p.components ?? []).flatMap((c) => c.lines.map((l) => l.kind)));
      if (kinds.has('reconstruction')) expect(p.legend.map((l) => l.kind)).toContain('reconstruction');
    }
  });
});
