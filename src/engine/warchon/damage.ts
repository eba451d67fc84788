// Damage and losses by the owner's choice: one Hit at a time to a unit of his in the battle (no
// unit takes more than it has), multi-Hit units turning to the face for the Hits they have left,
// and units an army must destroy when it is over a spread's Capacity.
import { NO_EVENTS, type GameEvent } from '../core/game.js';
import { findUnit, updateUnit, type CoreState, coreWith, unitWith } from '../core/state.js';
import type { WarchonRules } from './content.js';

/**
 * One Hit to the unit: destroyed at 0. Its next face is turned by the face sync that follows every
 * change (play.ts withCore calls syncFaces), which logs it right after this Hit.
 */
export function hitUnit(core: CoreState, id: string, rule: string): { core: CoreState; events: GameEvent[] } {
  const before = findUnit(core, id)!;
  const hits = before.hits - 1;
  return {
    core: updateUnit(core, id, (u) => unitWith(u, { hits, destroyed: hits <= 0 })),
    events: [{ type: 'effect', effect: 'hit', rule, unit: id, hits: { from: before.hits, to: hits }, destroyed: hits <= 0 }],
  };
}

/** The face a unit shows for its Hits left: the face printed with those Hits, else the one as many faces down. */
function faceFor(rules: WarchonRules, record: string | null, hits: number) {
  const faces = record !== null ? rules.units[record]?.faces : undefined;
  if (faces === undefined || faces.length === 0) return undefined;
  return faces.find((f) => f.hits === hits) ?? faces[Math.min(faces.length - 1, Math.max(0, faces[0]!.hits - hits))];
}

/**
 * Every hurt unit turned to the face for its Hits left (after damage by a result or an effect).
 * `synced`, a state whose units all show their faces (a settled one), spares the units `core` still
 * shares with it: the face is a function of the unit's record and Hits, so those show theirs.
 */
export function syncFaces(core: CoreState, rules: WarchonRules, synced?: CoreState): { core: CoreState; events: readonly GameEvent[] } {
  // Made once a face turns: most changes turn none.
  let events: GameEvent[] | null = null;
  const same = synced !== undefined && synced.units.length === core.units.length ? synced.units : null;
  let units: CoreState['units'][number][] | null = null;
  for (let i = 0; i < core.units.length; i++) {
    const u = core.units[i]!;
    // Most units are unhurt, or the same object as in a synced state: nothing to look up.
    if (u === same?.[i] || u.destroyed || u.hits >= u.maxHits) continue;
    const face = faceFor(rules, u.record, u.hits);
    if (face === undefined) continue;
    if (u.stats.as === face.as && u.stats.ds === face.ds && u.stats.size === face.size && u.stats.movement === face.movement) continue;
    const stats = { ...u.stats, as: face.as, ds: face.ds, size: face.size, movement: face.movement };
    // The logged face shows the Hits the unit has left; the state's stats keep its printed Hits (its maximum).
    (events ??= []).push({ type: 'effect', effect: 'face', rule: rules.keys.damage, unit: u.id, hits: u.hits, stats: { ...stats, hits: u.hits } });
    units ??= [...core.units];
    units[i] = unitWith(u, { stats });
  }
  return { core: units !== null ? coreWith(core, { units }) : core, events: events ?? NO_EVENTS };
}

/** A unit its owner destroys to bring his army within Capacity. */
export function destroyForCapacity(core: CoreState, rules: WarchonRules, id: string): { core: CoreState; events: GameEvent[] } {
  const unit = findUnit(core, id)!;
  return {
    core: updateUnit(core, id, (u) => unitWith(u, { destroyed: true })),
    events: [{ type: 'effect', effect: 'capacity-loss', rule: rules.keys.capacity, unit: id, spread: unit.location }],
  };
}
