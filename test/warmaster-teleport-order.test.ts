// The Emperor's group teleports first (the scenario's Imperial set-up, `firstUnits`), played from
// the data through the game loop: whatever order the groups are listed in, the group holding the
// unit the set-up names teleports before the others.
import { describe, expect, it } from 'vitest';
import { warmasterGame as game } from '../src/engine/warmaster/index.js';
import { placeAll, testContent } from './warmaster-support.js';

type Obj = { [key: string]: any };

/** The first Imperial group to teleport in the first reinforcements phase, from set-up (Horus placed) on. */
function firstTeleport(change: (r: Obj) => void): { first: readonly string[]; groups: readonly (readonly string[])[] } {
  const content = testContent(change);
  const c = content as never;
  const setup = game.setup(c, 1).state;
  const played = placeAll(content, setup);
  // The first group's teleport: a roll on the table, or the Emperor's rule carrying it out (asking where: the group under way).
  const rolled = played.events.find((e) => e.type === 'teleport');
  const pieces = (rolled?.pieces ?? played.state.teleports[0]!.pieces) as readonly string[];
  if (rolled === undefined) expect(played.state.pending!.request).toMatchObject({ kind: 'location', side: 'imperial' });
  return { first: pieces, groups: setup.waiting.map((w) => w.pieces) };
}

const record = (id: string) => id.replace(/-\d+$/, '');

describe("Warmaster: the Emperor's group teleports first", () => {
  it("the Emperor's group teleports first, from the scenario's set-up whatever order the groups are listed in; a set-up naming another unit sends its group first", () => {
    // As shipped: the Emperor's group is first.
    const shipped = firstTeleport(() => {});
    expect(shipped.first).toContain('the-emperor');
    // Listed last: still first.
    const listedLast = firstTeleport((r) => {
      const groups = r.phase['imperial-reinforcements'].groups;
      r.phase['imperial-reinforcements'].groups = [...groups.slice(1), groups[0]];
    });
    expect(listedLast.first).toContain('the-emperor');
    expect(listedLast.groups[0]).toContain('the-emperor');
    // With no unit named, the data's order: the group listed first (not the Emperor's).
    const unnamed = firstTeleport((r) => {
      const groups = r.phase['imperial-reinforcements'].groups;
      r.phase['imperial-reinforcements'].groups = [...groups.slice(1), groups[0]];
      delete r.scenario['standard-game'].sides[0].setup.firstUnits;
    });
    expect(unnamed.first).not.toContain('the-emperor');
    // Another unit named: its group goes first.
    const other = firstTeleport((r) => {
      const leader = r.phase['imperial-reinforcements'].groups[2].pieces[0].unit;
      r.scenario['standard-game'].sides[0].setup.firstUnits = [leader];
    });
    expect(other.first).not.toContain('the-emperor');
    expect(other.first.map(record)).toContain(other.groups[0]!.map(record)[0]);
  });
});
