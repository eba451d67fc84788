// Whether a rule's trigger (`when`) matches an event, and which of the event's units it binds as
// the rule's subject. A trigger narrows the event by where it happens, whose turn it is, which
// units, cards, phase or combat result it is about; every narrowing given must hold.
import type { Trigger } from '../../../../generated/types/common/defs.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import { contextWith, resolveSides, type EffectContext } from '../context.js';
import { matchesUnit } from '../filter.js';
import { findUnit, unitWith, type CoreState } from '../state.js';
import type { GameEvent } from './event.js';

export interface TriggerMatch {
  /** The event's units the trigger is about: all of them, or those its `subject` filter matches. */
  readonly subject: readonly string[];
}

/**
 * The match, or null when the trigger does not fire on the event. `here` is the rule's location
 * (the place that prints it, or where its unit stands); `where` defaults to `here` for a place's
 * rules (`placeRule`) and to `anywhere` for every other rule.
 */
export function matchTrigger(state: CoreState, trigger: DeepReadonly<Trigger>, event: GameEvent, ctx: EffectContext, placeRule: boolean): TriggerMatch | null {
  if (trigger.event !== event.event) return null;
  const where = trigger.where ?? (placeRule ? 'here' : 'anywhere');
  if (where === 'here' && (event.location == null || event.location !== ctx.location)) return null;
  if (trigger.whose !== undefined && (event.side == null || !resolveSides(state, trigger.whose, ctx).includes(event.side))) return null;
  if (trigger.phase !== undefined && event.phase !== trigger.phase) return null;
  if (trigger.results !== undefined && (event.result == null || !trigger.results.includes(event.result))) return null;
  if (trigger.cards !== undefined && !(event.cards ?? []).some((c) => trigger.cards!.includes(c))) return null;
  const units = event.units ?? [];
  if (trigger.subject === undefined) return { subject: units };
  // The subject filter looks at the event's units wherever they are (no location narrowing).
  const everywhere = contextWith(ctx, { location: null });
  const subject = units.filter((id) => {
    const unit = findUnit(state, id);
    return unit !== undefined && matchesUnit(state, unitWith(unit, { destroyed: false }), trigger.subject!, everywhere);
  });
  return subject.length > 0 ? { subject } : null;
}

/** The trigger in words: `card-revealed [horror] here`. */
export function describeTrigger(trigger: DeepReadonly<Trigger>): string {
  const parts: string[] = [trigger.event];
  if (trigger.phase !== undefined) parts.push(`(${trigger.phase})`);
  if (trigger.cards !== undefined) parts.push(`[${trigger.cards.join(', ')}]`);
  if (trigger.results !== undefined) parts.push(`[${trigger.results.join(', ')}]`);
  if (trigger.whose !== undefined) parts.push(`in ${trigger.whose} turn`);
  if (trigger.where !== undefined) parts.push(trigger.where);
  return parts.join(' ');
}
