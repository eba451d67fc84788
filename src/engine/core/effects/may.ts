// may: an optional action ("this unit may go berserk"). The side `by` names decides, through the
// policy (a move in a game loop), whether the nested effects happen: option 0 `yes`, 1 `no`.
// `owner` is the side of the rule's unit (`self`), else the rule's owner; `random` draws from the
// state's generator, even odds. A question nobody can be named for goes to the game's fallback.
import { isAsked } from '../choices.js';
import { choosingSide } from '../filter.js';
import { entry } from '../log.js';
import { nextInt } from '../random.js';
import { findUnit, coreWith } from '../state.js';
import type { Handler } from './common.js';

const OPTIONS = ['yes', 'no'] as const;

export const may: Handler<'may'> = (state, effect, ctx, policy, nested) => {
  let next = state;
  let side: string | null = null;
  let accepted: boolean;
  if (effect.by === 'random') {
    const drawn = nextInt(next.random, 0, 1);
    next = coreWith(next, { random: drawn.random });
    accepted = drawn.value === 0;
  } else {
    const self = ctx.self != null ? findUnit(next, ctx.self) : undefined;
    side = choosingSide(next, effect.by, self !== undefined && !self.destroyed ? [self] : [], ctx);
    const what = effect.do.map((e) => e.kind).join(', ');
    const answer = policy.chooseOption(next, { side, options: OPTIONS, reason: `${ctx.source}: may (${what})?` });
    if (isAsked(answer)) return answer;
    if (answer !== 0 && answer !== 1) throw new Error(`The policy must answer 0 (yes) or 1 (no) to ${ctx.source}'s "may"; it answered ${answer}.`);
    accepted = answer === 0;
  }
  const decided = entry('may', ctx.source, `${side ?? effect.by} ${accepted ? 'accepts' : 'declines'}: ${effect.do.map((e) => e.kind).join(', ')}.`, {
    data: { by: effect.by, side, accepted },
  });
  if (!accepted) return { state: next, log: [decided] };
  const applied = nested(next, effect.do, ctx, policy);
  if (isAsked(applied)) return applied;
  return { state: applied.state, log: [decided, ...applied.log], events: applied.events ?? [] };
};
