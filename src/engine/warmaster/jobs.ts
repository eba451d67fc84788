// Warmaster's jobs for the core's runner (core/rules/run.ts): an event announced, a Teleportation
// Table entry's effects (on the group that rolled it), a combat result's effects, a card revealed.
// Each runs with the answers given so far: it completes, or returns the question it asks a side and
// runs again from the same saved state with one answer more (core/choices.ts).
import { type Asked, type AskingPolicy, type ChoiceAnswer, type ChoiceRequest, isAsked } from '../core/choices.js';
import { contextWith } from '../core/context.js';
import { fire } from '../core/rules/fire.js';
import { announce, applyAndFire, attemptRun, effectContext, type Ran } from '../core/rules/run.js';
import { type CoreState, coreWith, findUnit, updateUnit, unitWith, withoutLog } from '../core/state.js';
import type { WarmasterRules } from './content.js';
import { warmasterRuleSet } from './hooks.js';
import type { Job } from './state.js';

export { logEvents } from '../core/rules/run.js';

function run(core: CoreState, rules: WarmasterRules, job: Job, policy: AskingPolicy): Ran | Asked {
  const set = warmasterRuleSet(rules);
  if (job.kind === 'fire') return announce(core, set, job.event, policy);
  const start = withoutLog(core);
  if (job.kind === 'teleport-entry') {
    const ctx = contextWith(effectContext(set, { owner: job.side, source: rules.teleport.keys[job.entry]! }), { subject: job.pieces });
    return applyAndFire(start, set, rules.teleport.effects[job.entry]!, ctx, policy);
  }
  if (job.kind === 'result') {
    const result = rules.results[job.code]!;
    return applyAndFire(start, set, result.effects, effectContext(set, { owner: null, source: result.key, location: core.battle?.location ?? null }), policy);
  }
  return reveal(start, rules, job.piece, job.area, policy);
}

/**
 * A face-down card revealed in `area` (cards.ts revealCard, with a side's choices asked as moves):
 * it joins the `revealed` zone and the rules hear `card-revealed` (a rule may replace it: the
 * Emperor's and General Kane's immunities); otherwise its effects apply there as the Traitor's. A
 * card that leaves play by its own effects (Trap, Horror: `move-cards` to `removed`) is taken off
 * the ship; one that fights as a unit (Crew) stays.
 */
function reveal(core: CoreState, rules: WarmasterRules, piece: string, area: string, policy: AskingPolicy): Ran | Asked {
  const card = findUnit(core, piece)!.record!;
  const side = rules.pieces[card]!.side;
  const set = warmasterRuleSet(rules);
  const shown = coreWith(core, { zones: { ...core.zones, revealed: [...(core.zones.revealed ?? []), card] } });
  const heard = fire(shown, { event: 'card-revealed', location: area, side, cards: [card] }, set.rules, policy, set.hooks);
  if (isAsked(heard)) return heard;
  let state = heard.state;
  const log = [...heard.log];
  if (!heard.replaced) {
    // The card's effects, then the events they announce (units destroyed) fired in turn.
    const effects = applyAndFire(
      withoutLog(state),
      set,
      cardEffects(rules, card),
      contextWith(effectContext(set, { owner: side, source: `card/${card}`, location: area }), { cards: [card] }),
      policy,
    );
    if (isAsked(effects)) return effects;
    state = effects.core;
    log.push(...effects.log);
  }
  // The card left play by its own effects (moved to `removed`): its piece leaves the ship.
  const removed = (state.zones.removed ?? []).length > (shown.zones.removed ?? []).length;
  if (removed) state = updateUnit(state, piece, (u) => unitWith(u, { location: null, destroyed: true }));
  else {
    const revealed = [...(state.zones.revealed ?? [])];
    revealed.splice(revealed.lastIndexOf(card), 1);
    state = coreWith(state, { zones: { ...state.zones, revealed } });
  }
  return { core: withoutLog(state), log };
}

function cardEffects(rules: WarmasterRules, card: string) {
  const effects = rules.cards[card];
  if (effects === undefined) throw new Error(`Warmaster has no card ${card}.`);
  return effects;
}

export type JobAttempt = { readonly done: true; readonly result: Ran } | { readonly done: false; readonly request: ChoiceRequest };

export function attemptJob(core: CoreState, rules: WarmasterRules, job: Job, answers: readonly ChoiceAnswer[]): JobAttempt {
  const attempt = attemptRun(answers, (policy) => run(core, rules, job, policy));
  return attempt.done ? { done: true, result: attempt.value } : { done: false, request: attempt.request };
}
