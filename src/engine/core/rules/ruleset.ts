// The rules a game gives the interpreter, and who holds each one. A place's rule (a spread's
// special rule, a ship area's) is one instance at that place; a unit's ability or a trait's rule
// is one instance per unit in play that has it, whose `self` is that unit and whose owner is the
// side it fights for; a rule of the game or a scenario is one instance, owned by a side or none.
import type { Rule } from '../../../../generated/types/common/defs.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import { fightsFor, type CoreState } from '../state.js';

export type Holder = { readonly place: string } | { readonly record: string } | { readonly trait: string } | { readonly side: string | null };

export interface RuleSource {
  /** The rule's key, as coverage and the log name it: `ship-area/the-engine-room/accident`. */
  readonly key: string;
  readonly rule: DeepReadonly<Rule>;
  readonly holder: Holder;
}

/** One rule held once: by a place, by one unit, or by the game. */
export interface RuleInstance {
  readonly source: RuleSource;
  /** `key`, or `key@<unit id>` for a unit's rule: what `once` and static changes are kept by. */
  readonly id: string;
  readonly owner: string | null;
  /** The rule's location ("here"): the place, the unit's location, or null (everywhere). */
  readonly location: string | null;
  readonly self: string | null;
  /** A place's rule: its trigger's `where` defaults to `here`. */
  readonly placeRule: boolean;
}

/** The instances of the rules now, in the rules' order, then the units' order in the state. */
export function instancesOf(state: CoreState, rules: readonly RuleSource[]): RuleInstance[] {
  const out: RuleInstance[] = [];
  for (const source of rules) {
    const h = source.holder;
    if ('place' in h || 'side' in h) out.push(heldOnce(source));
    else {
      for (const unit of state.units) {
        if (unit.destroyed) continue;
        const has = 'record' in h ? unit.record === h.record : unit.traits.includes(h.trait.toLowerCase());
        if (has) out.push(heldBy(source, unit.id, fightsFor(unit), unit.location));
      }
    }
  }
  return out;
}

// Instances are asked for after every change (static rules, triggers) and are plain values of their
// source and holder: made once and reused, so the callers' per-instance caches key on them.

const once = new WeakMap<RuleSource, RuleInstance>();

/** The one instance of a rule of a place or of the game. */
function heldOnce(source: RuleSource): RuleInstance {
  let inst = once.get(source);
  if (inst === undefined) {
    const h = source.holder;
    inst =
      'place' in h
        ? { source, id: source.key, owner: null, location: h.place, self: null, placeRule: true }
        : { source, id: source.key, owner: 'side' in h ? h.side : null, location: null, self: null, placeRule: false };
    once.set(source, inst);
  }
  return inst;
}

const byUnit = new WeakMap<RuleSource, Map<string, RuleInstance>>();

/** The instance of a unit's (or a trait's) rule held by one unit, fighting for `owner` at `location`: the last one made for that unit while it still fits. */
function heldBy(source: RuleSource, unit: string, owner: string, location: string | null): RuleInstance {
  let held = byUnit.get(source);
  if (held === undefined) byUnit.set(source, (held = new Map()));
  let inst = held.get(unit);
  if (inst === undefined || inst.owner !== owner || inst.location !== location) {
    inst = { source, id: `${source.key}@${unit}`, owner, location, self: unit, placeRule: false };
    held.set(unit, inst);
  }
  return inst;
}
