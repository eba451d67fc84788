// The rules a game gives the interpreter, and who holds each one. A place's rule (a spread's
// special rule, a ship area's) is one instance at that place; a unit's ability or a trait's rule
// is one instance per unit in play that has it, whose `self` is that unit and whose owner is the
// side it fights for; a rule of the game or a scenario is one instance, owned by a side or none.
import type { Rule } from '../../../../generated/types/common/defs.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import { fightsFor, unitsInPlay, type CoreState } from '../state.js';

export type Holder =
  | { readonly place: string }
  | { readonly record: string }
  | { readonly trait: string }
  | { readonly side: string | null };

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
    if ('place' in h) out.push({ source, id: source.key, owner: null, location: h.place, self: null, placeRule: true });
    else if ('side' in h) out.push({ source, id: source.key, owner: h.side, location: null, self: null, placeRule: false });
    else {
      for (const unit of unitsInPlay(state)) {
        const has = 'record' in h ? unit.record === h.record : unit.traits.includes(h.trait.toLowerCase());
        if (has) out.push({ source, id: `${source.key}@${unit.id}`, owner: fightsFor(unit), location: unit.location, self: unit.id, placeRule: false });
      }
    }
  }
  return out;
}
