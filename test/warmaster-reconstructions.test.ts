// The values Warmaster's reference guide does not print and the layers supply so a table can play:
// the ship map, the leaders' attack and defence, the victory conditions. Each check reads the
// effective content (YAML and layers, as every command does) and lists what is wrong, so the same
// check is also run on a changed copy and seen to find the change.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderFace } from '../src/render/document.js';
import { createTemplates } from '../src/render/handlebars.js';
import { markHtml, UNKNOWN_LEGEND } from '../src/render/marks.js';
import { packContentOf, printablesOf } from './content-support.js';
import { htmlText, repoRoot } from './helpers.js';

type Rec = Record<string, any>;
const content = packContentOf('warmaster');
const areaRecords = Object.values(content.records['ship-area']!) as Rec[];
const SPECIALS = ['shields', 'the-bridge', 'the-engine-room', 'the-reactors', 'the-weapons-store'];

/** What is wrong with a ship map: one line per problem, none when the map can be played. */
function mapProblems(areas: readonly Rec[]): string[] {
  const out: string[] = [];
  const byId = new Map(areas.map((a) => [a.id, a]));
  const numbered = areas.filter((a) => a.category === 'numbered');
  for (const a of numbered) {
    if (!Array.isArray(a.connections)) {
      out.push(`${a.id}: no connections`);
      continue;
    }
    for (const b of a.connections) {
      const other = byId.get(b);
      if (other?.category !== 'numbered') out.push(`${a.id}: connects to ${b}, not a numbered area`);
      else if (!other.connections?.includes(a.id)) out.push(`${a.id}-${b}: one way only`);
      if (b === a.id) out.push(`${a.id}: connects to itself`);
    }
  }
  // Each special area is exactly one numbered area, and only special areas are named.
  for (const s of SPECIALS) {
    const at = numbered.filter((a) => a.special === s).map((a) => a.number);
    if (at.length !== 1) out.push(`${s}: at ${at.length} areas (${at.join(', ')})`);
    else if (at[0] < 14 || at[0] > 56) out.push(`${s}: ${at[0]} is no Success! roll`);
  }
  for (const a of numbered) if (a.special != null && !SPECIALS.includes(a.special)) out.push(`${a.id}: special ${a.special} is no special area`);
  // Every area can be reached from every other without moving through the Reactors (no entry).
  const reactors = numbered.find((a) => a.special === 'the-reactors');
  const start = numbered.find((a) => a !== reactors);
  if (start) {
    const seen = new Set([start.id]);
    const todo = [start.id];
    while (todo.length > 0)
      for (const b of byId.get(todo.pop())?.connections ?? [])
        if (!seen.has(b) && b !== reactors?.id && byId.has(b)) {
          seen.add(b);
          todo.push(b);
        }
    for (const a of numbered) if (a !== reactors && !seen.has(a.id)) out.push(`${a.id}: cannot be reached`);
  }
  // The fire starts at 56: it must be standing when the Engine Room goes, so the Engine Room is elsewhere.
  const burns = (byId.get('the-engine-room')?.rules as Rec[] | undefined)?.find((r) => r.do?.[0]?.place?.countdown);
  const fire = burns?.do[0].place.countdown.from;
  if (numbered.find((a) => a.number === fire)?.special === 'the-engine-room') out.push(`the-engine-room: at ${fire}, where the fire starts`);
  // The Weapons store's explosion rolls for each adjacent area: it has several.
  const store = numbered.find((a) => a.special === 'the-weapons-store');
  if (store && (store.connections?.length ?? 0) < 3) out.push(`the-weapons-store: ${store.connections?.length ?? 0} neighbours`);
  return out;
}

const copy = (areas: readonly Rec[]): Rec[] => structuredClone(areas) as Rec[];
const area = (areas: Rec[], id: string): Rec => areas.find((a) => a.id === id)!;

describe('The ship map (reconstructed)', () => {
  it('has every numbered area connected both ways, each special area at one Success! number, all reachable around the Reactors', () => {
    expect(mapProblems(areaRecords)).toEqual([]);
    expect(areaRecords.filter((a) => a.category === 'numbered')).toHaveLength(27);
  });

  it('puts the special areas where a teleport roll lands in each, the Engine Room away from 56 and the Weapons store among four areas', () => {
    const at = Object.fromEntries(areaRecords.filter((a) => a.special).map((a) => [a.special, a.number]));
    expect(at).toEqual({ 'the-bridge': 15, shields: 22, 'the-weapons-store': 33, 'the-engine-room': 45, 'the-reactors': 55 });
    expect(area(copy(areaRecords), 'area-33').connections).toEqual(['area-23', 'area-32', 'area-34', 'area-43']);
  });

  it('finds a one-way connection, a cut-off area, a missing or doubled special area and an Engine Room at 56', () => {
    const oneWay = copy(areaRecords);
    area(oneWay, 'area-14').connections = ['area-15'];
    expect(mapProblems(oneWay)).toContain('area-24-area-14: one way only');

    const cut = copy(areaRecords);
    for (const a of cut) if (a.connections) a.connections = a.connections.filter((b: string) => b !== 'area-56');
    area(cut, 'area-56').connections = [];
    expect(mapProblems(cut)).toContain('area-56: cannot be reached');

    const twice = copy(areaRecords);
    area(twice, 'area-14').special = 'the-bridge';
    expect(mapProblems(twice)).toContain('the-bridge: at 2 areas (14, 15)');

    const none = copy(areaRecords);
    area(none, 'area-55').special = null;
    expect(mapProblems(none)).toContain('the-reactors: at 0 areas ()');

    const burning = copy(areaRecords);
    area(burning, 'area-45').special = null;
    area(burning, 'area-56').special = 'the-engine-room';
    expect(mapProblems(burning)).toContain('the-engine-room: at 56, where the fire starts');

    const unknown = copy(areaRecords);
    area(unknown, 'area-31').connections = null;
    expect(mapProblems(unknown)).toContain('area-31: no connections');
  });

  it('marks every connection and special area as a reconstruction with its reason', () => {
    const origins = content.origins['ship-area']!;
    for (const a of areaRecords.filter((r) => r.category === 'numbered')) {
      expect(origins[a.id]?.['/connections']?.kind, a.id).toBe('reconstruction');
      expect(origins[a.id]?.['/connections']?.reason, a.id).toMatch(/^RECONSTRUCTION \(not printed by the source; invented so the game can be played\):/);
      if (a.special) expect(origins[a.id]?.['/special']?.kind, a.id).toBe('reconstruction');
    }
  });
});

/** What is wrong with the characters' values: one line per problem, none when every battle can be fought. */
function valueProblems(units: Readonly<Record<string, Rec>>): string[] {
  const out: string[] = [];
  const rolled = (u: Rec) => u.abilities.some((a: Rec) => a.do.some((e: Rec) => e.kind === 'modify-strength' && e.op === 'set' && typeof e.value === 'object'));
  for (const u of Object.values(units)) {
    if (rolled(u)) continue;
    for (const stat of ['attack', 'defence']) if (typeof u[stat] !== 'number') out.push(`${u.id}: no ${stat}`);
  }
  const sum = (id: string) => (units[id]?.attack ?? 0) + (units[id]?.defence ?? 0);
  // Horus is the strongest Traitor, the Emperor the strongest Imperial piece, and the two are equal.
  for (const id of Object.keys(units))
    if (id !== 'warmaster-horus' && id !== 'the-emperor' && sum(id) >= sum('warmaster-horus')) out.push(`${id}: as strong as Horus`);
  if (sum('the-emperor') !== sum('warmaster-horus')) out.push('the Emperor and Horus differ');
  // The four re-rolling Primarchs cancel each other's re-rolls: peers, each above a Space Marine.
  const primarchs = ['sanguinius', 'rogal-dorn', 'angron', 'magnus-the-red-one'];
  if (new Set(primarchs.map(sum)).size !== 1) out.push(`the Primarchs differ: ${primarchs.map(sum).join(', ')}`);
  // General Kane leads the Guard: above them, below a Primarch.
  if (!(sum('general-kane') > 6 && sum('general-kane') < sum('sanguinius'))) out.push(`general-kane: ${sum('general-kane')}`);
  return out;
}

describe("The characters' attack and defence (reconstructed)", () => {
  const units = content.records['special-unit'] as Readonly<Record<string, Rec>>;

  it('gives every character a value (the Great Demons and Demonic hordes their D6+4), Horus and the Emperor strongest and equal, the Primarchs peers', () => {
    expect(valueProblems(units)).toEqual([]);
    const values = Object.fromEntries(Object.values(units).map((u) => [u.id, [u.attack, u.defence]]));
    expect(values).toMatchObject({ 'the-emperor': [10, 10], 'warmaster-horus': [10, 10], 'general-kane': [4, 4], 'rogal-dorn': [7, 9], angron: [9, 7] });
    for (const id of ['doombreed', 'kraxnar', 'demonic-hordes']) expect(values[id]).toEqual([null, null]);
  });

  it('finds a missing value, a Traitor stronger than Horus, unequal Primarchs and a Kane as strong as a Primarch', () => {
    const changed = (id: string, attack: number | null, defence: number | null) => valueProblems({ ...units, [id]: { ...units[id], attack, defence } });
    expect(changed('the-emperor', null, 10)).toContain('the-emperor: no attack');
    expect(changed('angron', 12, 9)).toEqual(expect.arrayContaining(['angron: as strong as Horus', 'the Primarchs differ: 16, 16, 21, 16']));
    expect(changed('general-kane', 8, 8)).toContain('general-kane: 16');
    expect(changed('the-emperor', 9, 10)).toContain('the Emperor and Horus differ');
  });

  it('marks every value it supplies as a reconstruction with its reason', () => {
    for (const u of Object.values(units))
      for (const stat of ['/attack', '/defence']) {
        const o = content.origins['special-unit']?.[u.id]?.[stat];
        if (u[stat.slice(1)] === null) continue;
        expect(o?.kind, `${u.id}${stat}`).toBe('reconstruction');
        expect(o?.reason).toMatch(/^RECONSTRUCTION \(not printed by the source; invented so the game can be played\):/);
      }
  });
});

/** What is wrong with a scenario's victory: one line per problem, none when the engine can tell who won. */
function victoryProblems(victory: readonly Rec[] | null, units: Readonly<Record<string, Rec>>, sides: readonly string[]): string[] {
  if (!victory) return ['no victory'];
  const out: string[] = [];
  const winners = new Set<string>();
  for (const [i, v] of victory.entries()) {
    if (v.condition === 'manual') out.push(`${i}: manual`);
    if (v.condition === 'destroy-units') {
      const owners = new Set((v.units ?? []).map((u: string) => units[u]?.side));
      if (owners.size !== 1 || owners.has(undefined)) out.push(`${i}: units of ${[...owners].join(', ')}`);
      for (const s of sides) if (!owners.has(s)) winners.add(s);
    }
    if (v.condition === 'turn-limit') {
      if (!(v.turns >= 1) || !sides.includes(v.winner)) out.push(`${i}: turn-limit without turns or winner`);
      else winners.add(v.winner);
    }
  }
  for (const s of sides) if (!winners.has(s)) out.push(`${s}: cannot win`);
  if (!victory.some((v) => v.condition === 'turn-limit')) out.push('no turn limit: a game may not end');
  return out;
}

describe('Victory (reconstructed)', () => {
  const scenario = content.records.scenario!['standard-game'] as Rec;
  const units = content.records['special-unit'] as Readonly<Record<string, Rec>>;
  const sides = ['imperial', 'traitor'];

  it('Imperial wins by destroying Horus, Traitor by destroying the Emperor or by holding out 15 turns: data the engine reads', () => {
    expect(victoryProblems(scenario.victory, units, sides)).toEqual([]);
    expect(scenario.victory.map((v: Rec) => [v.condition, v.units ?? v.turns, v.winner ?? null])).toEqual([
      ['destroy-units', ['warmaster-horus'], null],
      ['destroy-units', ['the-emperor'], null],
      ['turn-limit', 15, 'traitor'],
    ]);
    expect(content.origins.scenario?.['standard-game']?.['/victory']?.kind).toBe('reconstruction');
  });

  it('finds a manual condition, a side that cannot win, a game without end and a mixed list of units', () => {
    const v = scenario.victory as Rec[];
    expect(victoryProblems(null, units, sides)).toEqual(['no victory']);
    expect(victoryProblems([v[0]!, v[2]!, { text: 'x', condition: 'manual' }], units, sides)).toEqual(['2: manual']);
    expect(victoryProblems([v[1]!, v[2]!], units, sides)).toEqual(['imperial: cannot win']);
    expect(victoryProblems([v[0]!, v[1]!], units, sides)).toEqual(['no turn limit: a game may not end']);
    expect(victoryProblems([{ ...v[0], units: ['warmaster-horus', 'the-emperor'] }, v[1]!, v[2]!], units, sides)).toEqual([
      '0: units of traitor, imperial',
      'imperial: cannot win',
    ]);
  });
});

describe('The printed kit', () => {
  const templates = createTemplates(path.join(repoRoot, 'templates'));
  const printables = printablesOf('warmaster');
  const faces = printables.flatMap((p) => p.faces.map((f) => ({ id: p.id, label: f.label, html: renderFace(templates, p, f) })));

  it('prints no value nobody knows: no ? on any card, counter or sheet', () => {
    expect(faces.length).toBeGreaterThan(8);
    for (const f of faces) {
      expect(f.html, `${f.id} ${f.label}`).not.toContain('class="unknown-mark"');
      expect(htmlText(f.html), `${f.id} ${f.label}`).not.toContain(UNKNOWN_LEGEND);
    }
  });

  it('says on the reference card when face-down pieces are revealed, how units stack, how far a routed unit retreats, how battles, teleports and the Bridge go and how a side wins, each marked', () => {
    const reference = faces.filter((f) => f.id === 'warmaster-reference');
    const turn = reference.find((f) => /sequence of play/.test(f.label))!;
    const html = reference.map((f) => f.html).join('\n');
    const scenario = content.records.scenario!['standard-game'] as Rec;
    const text = htmlText(html);
    const named = (scenario.specialRules as Rec[]).filter((r) => r.name);
    expect(named.map((r) => r.name)).toEqual([
      'Face-down pieces',
      'Stacking',
      'Retreat',
      'Battles',
      'No attack, no defence',
      'Teleporting groups',
      'Perfectly! (66)',
      'Taking the Bridge',
      'Re-roll order',
    ]);
    for (const rule of named) {
      expect(text).toContain(rule.text);
      expect(html).toContain(`${rule.name}${markHtml('ruling')}`);
    }
    expect(text).toContain('revealed (turned face up): when an Imperial unit ends its move or teleport in their area');
    expect(text).toContain('A routed unit retreats one area, its owner choosing');
    for (const v of scenario.victory as Rec[]) expect(htmlText(turn.html)).toContain(v.text);
    expect(turn.html).toContain(`Winning${markHtml('reconstruction')}`);
  });

  it("prints the Imperial groups and the cup from the phases' data, the only place they are given", () => {
    const turn = faces.find((f) => f.id === 'warmaster-reference' && /sequence of play/.test(f.label))!;
    const text = htmlText(turn.html).replace(/\s+/g, ' ');
    const nameOf = (id: string) => Object.values(content.records).find((records) => records[id])![id]!.name as string;
    const pieces = (list: Rec[]) => list.map((p) => (p.count === 1 ? nameOf(p.unit) : `${p.count} ${nameOf(p.unit)}`)).join(', ');
    const groups = content.records.phase!['imperial-reinforcements']!.groups as Rec[];
    const cup = content.records.phase!['traitor-reinforcements']!.cup as Rec[];
    expect(groups.length).toBe(4);
    expect(text).toContain(`in order: ${groups.map((g) => pieces(g.pieces)).join('; ')}`);
    expect(text).toContain(`(${cup.reduce((n, p) => n + (p.count as number), 0)}): ${pieces(cup)}`);
    expect(turn.html).toContain(`The cup${markHtml('reconstruction')}`);
    expect(turn.html).toContain(`Groups${markHtml('reconstruction')}`);
    // No special rule repeats them in words.
    const scenario = content.records.scenario!['standard-game'] as Rec;
    expect((scenario.specialRules as Rec[]).filter((r) => /cup holds|Imperial groups/.test(r.text))).toEqual([]);
  });
});
