// The reinforcements phases. Imperial: the groups waiting to teleport do so, those holding a unit
// the scenario's set-up names first (`firstUnits`: "The group of units that are with the Emperor
// must be first that teleport"), then in the order the data lists them (content.ts). Traitor: "rolls a dice to see how many reinforcement units are obtained ...,
// extracts such number of units from the cup and afterwards teleports them onto the ship", as many
// as the roll shows (ruling traitor-units-drawn), each on its own (ruling traitor-teleport-by-unit),
// face down; groups a Failure! delayed try again in their side's next reinforcements phase (ruling
// teleport-failure-own-next-phase).
//
// Each group's teleport is announced first (`group-teleports`): a rule may carry it out instead
// (the Emperor's group "always teleported perfectly": his rule teleports it to an area the player
// chooses). Otherwise a D66 on the Teleportation Table: Death! runs the entry's effects (the units
// destroyed); Failure! delays the group; Success! places it in the area of the rolled number;
// Perfectly! runs the entry's effects: its side chooses the area, any but those the entry excludes
// and destroyed ones (a `choose` move). The units then
// enter the area (`unit-enters`), where the Reactors' and the destroyed areas' rules annihilate them
// and the Bridge's gives it to their side.
import type { GameEvent } from '../core/game.js';
import { rollD66, rollDie } from '../core/dice.js';
import { moveUnit } from '../core/move.js';
import { sampleIndices } from '../core/random.js';
import { coreWith, findUnit } from '../core/state.js';
import type { WarmasterRules } from './content.js';
import { resolveTeleport } from './tables.js';
import { addBattle, contested, revealsAt, runJob, setCore, type Next } from './steps.js';
import type { Draft } from './state.js';

/** The pieces of the group teleporting now that are still in play. */
function live(s: Draft): string[] {
  const group = s.teleports[0];
  if (group === undefined) return [];
  return group.pieces.filter((id) => !findUnit(s.core, id)!.destroyed);
}

/** `draw`: the groups ready to teleport this phase, and the Traitor's draw from the cup. */
export function draw(rules: WarmasterRules, s: Draft, side: string, events: GameEvent[]): Next {
  const ready = s.waiting.filter((w) => w.side === side && w.turn <= s.turn);
  s.waiting = s.waiting.filter((w) => !ready.includes(w));
  // A side that teleports by unit sends each piece of a group on its own (ruling standard-group-teleport: the phase's `teleportBy`).
  const teleports = ready.flatMap((w) =>
    rules.teleportBy[side] === 'unit' ? w.pieces.map((id) => ({ side: w.side, pieces: [id] })) : [{ side: w.side, pieces: w.pieces }],
  );
  const cup = rules.cup;
  if (cup !== null && cup.side === side && s.cup.length > 0) {
    const rolled = rollDie(s.core.random, cup.drawn.die);
    const count = Math.max(0, Math.min(s.cup.length, rolled.value + cup.drawn.plus));
    const picked = sampleIndices(rolled.random, s.cup.length, count);
    setCore(s, coreWith(s.core, { random: picked.random }));
    const pieces = picked.value.map((i) => s.cup[i]!);
    s.cup = s.cup.filter((id) => !pieces.includes(id));
    events.push({ type: 'draw', what: 'cup', rule: cup.key, side, die: cup.drawn.die, roll: rolled.value, count, pieces, left: s.cup.length });
    if (rules.teleportBy[side] === 'group') teleports.push({ side, pieces });
    else for (const id of pieces) teleports.push({ side, pieces: [id] });
  }
  s.teleports = teleports;
  s.stage = 'teleport-next';
  return 'go';
}

/** `teleport-next`: the next group's teleport announced (a rule may carry it out instead). */
export function teleportNext(rules: WarmasterRules, s: Draft, events: GameEvent[]): Next {
  const group = s.teleports[0];
  if (group === undefined) {
    s.stage = 'phase-end';
    return 'go';
  }
  const pieces = live(s);
  if (pieces.length === 0) {
    s.stage = 'teleport-done';
    return 'go';
  }
  return runJob(s, rules, { kind: 'fire', event: { event: 'group-teleports', side: group.side, units: pieces } }, 'teleport-roll', events);
}

/** `teleport-roll`: the D66 on the Teleportation Table, unless a rule or the entry rolled already put the group on the ship. */
export function teleportRoll(rules: WarmasterRules, s: Draft, events: GameEvent[]): Next {
  const group = s.teleports[0]!;
  const pieces = live(s);
  if (pieces.length === 0) {
    s.stage = 'teleport-done';
    return 'go';
  }
  const there = pieces.map((id) => findUnit(s.core, id)!.location).find((l) => l !== null);
  if (there !== undefined) {
    s.arrival = there;
    s.stage = 'arrive';
    return 'go';
  }
  const rolled = rollD66(s.core.random);
  setCore(s, coreWith(s.core, { random: rolled.random }));
  const { entry } = resolveTeleport(rules.teleport.entries, rolled.value);
  const index = rules.teleport.entries.indexOf(entry);
  const rule = rules.teleport.keys[index]!;
  events.push({ type: 'teleport', rule, side: group.side, pieces, roll: rolled.value, entry: entry.name, outcome: entry.outcome });
  switch (entry.outcome) {
    case 'death':
      return runJob(s, rules, { kind: 'teleport-entry', entry: index, side: group.side, pieces }, 'teleport-done', events);
    // Perfectly!: the entry's effects teleport the group where its side chooses (one area for the group: play.ts answer).
    case 'area-chosen':
      s.arrival = null;
      return runJob(s, rules, { kind: 'teleport-entry', entry: index, side: group.side, pieces }, 'arrive', events);
    case 'delay':
      s.waiting = [...s.waiting, { side: group.side, pieces, turn: s.turn + 1 }];
      s.stage = 'teleport-done';
      return 'go';
    case 'area-rolled': {
      const area = rules.byNumber.get(rolled.value);
      if (area === undefined) throw new Error(`The ship has no area ${rolled.value} for a Success! roll (the map's numbered areas lack it).`);
      s.arrival = area;
      s.stage = 'arrive';
      return 'go';
    }
    default:
      throw new Error(`The Teleportation Table entry ${rule} has an outcome the engine does not play: ${entry.outcome}.`);
  }
}

/**
 * `arrive`: the group placed in the area (face down for a hidden side's), then it enters it. With
 * no area set, the area an effect teleported it to; a group no effect could place stays off the ship.
 */
export function arrive(rules: WarmasterRules, s: Draft, events: GameEvent[]): Next {
  const group = s.teleports[0]!;
  const pieces = live(s);
  const area = s.arrival ?? pieces.map((id) => findUnit(s.core, id)!.location).find((l) => l !== null) ?? null;
  if (area === null) {
    s.stage = 'teleport-done';
    return 'go';
  }
  s.arrival = area;
  let core = s.core;
  for (const id of pieces) core = moveUnit(core, id, area).state;
  setCore(s, core);
  events.push({ type: 'arrive', side: group.side, pieces, area });
  return runJob(s, rules, { kind: 'fire', event: { event: 'unit-enters', location: area, side: group.side, units: pieces } }, 'arrived', events);
}

/** `arrived`: what follows the units' arrival where they survived it (the Bridge's own rule gives it to their side as they enter). */
export function arrived(rules: WarmasterRules, s: Draft): Next {
  // Arriving beside the enemy turns the face-down pieces there face up (ruling standard-face-down-pieces).
  if (s.arrival !== null && live(s).length > 0 && revealsAt(rules, s, s.arrival)) s.revealing = s.arrival;
  // Units teleporting into an enemy-held area fight there in their side's battle phase, as if they had moved in (ruling standard-stacking).
  if (s.arrival !== null && live(s).length > 0 && contested(s.core, s.arrival, rules.sides)) addBattle(rules, s, s.arrival);
  s.arrival = null;
  s.stage = s.revealing !== null ? 'reveal' : 'teleport-done';
  return 'go';
}

/** `teleport-done`: the next group. */
export function teleportDone(s: Draft): Next {
  s.teleports = s.teleports.slice(1);
  s.stage = 'teleport-next';
  return 'go';
}
