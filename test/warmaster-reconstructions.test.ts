// The values Warmaster's reference guide does not print and the layers supply so a table can play:
// the ship map, the leaders' attack and defence, the victory conditions. Each check reads the
// effective content (YAML and layers, as every command does) and lists what is wrong, so the same
// check is also run on a changed copy and seen to find the change.
import { describe, expect, it } from 'vitest';
import { packContentOf } from './content-support.js';

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
  const fire = byId.get('the-engine-room')?.fireCountdown?.start;
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
