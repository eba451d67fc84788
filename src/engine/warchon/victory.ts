// How a game of Warchon ends: an army with no units left loses (the scenario's destroy-all-enemy),
// both at once ends as the ruling mutual-destruction-draw says (a draw); and a rule of the content may end it with an `end-game` effect.
// The text sets no turn limit, and neither does the engine: `simulate --max-moves` stops a game that goes on, reported unfinished.
import type { GameResult } from '../core/game.js';
import type { CoreState } from '../core/state.js';
import type { WarchonRules } from './content.js';

/** Whether the side has units of the army itself left (not units an event lent it for a while). */
function armyLeft(core: CoreState, side: string): boolean {
  for (const u of core.units) if (!u.destroyed && u.side === side && u.leaves === null) return true;
  return false;
}

/** The units last asked about and the answer (victory reads only the units; asked at every step), written in place. */
const last: { units: CoreState['units'] | null; rules: WarchonRules | null; result: GameResult | null } = { units: null, rules: null, result: null };

export function victory(core: CoreState, rules: WarchonRules): GameResult | null {
  if (last.units === core.units && last.rules === rules) return last.result;
  const result = findVictory(core, rules);
  last.units = core.units;
  last.rules = rules;
  last.result = result;
  return result;
}

function findVictory(core: CoreState, rules: WarchonRules): GameResult | null {
  // Both armies with units left, the usual answer: found without making a list.
  let left = 0;
  for (const s of rules.sides) if (armyLeft(core, s)) left++;
  if (left === rules.sides.length) return null;
  const beaten = rules.sides.filter((s) => !armyLeft(core, s));
  if (rules.victory.length === 0) return null;
  const v = rules.victory[0]!;
  if (beaten.length === 2) {
    // The ruling mutual-destruction-draw (rules core /mutualDestruction): the text does not say.
    if (rules.mutualDestruction === 'attacker' && core.active !== null)
      return {
        winner: core.active,
        reason: `both armies are destroyed at once, and the attacking army wins by the rules' mutualDestruction: ${v.text}`,
        rule: v.rule,
      };
    return { winner: null, reason: `both armies are destroyed at once: ${v.text}`, rule: v.rule };
  }
  return { winner: rules.sides.find((s) => s !== beaten[0])!, reason: v.text, rule: v.rule };
}

/**
 * The end a rule of the content gave the game (an `end-game` effect), with that rule's printed text
 * as the reason.
 */
export function endedByRule(core: CoreState, rules: WarchonRules): GameResult | null {
  if (core.ended === null) return null;
  const text = rules.rules.find((r) => r.key === core.ended!.source)?.rule.text ?? 'a rule ended the game';
  return { winner: core.ended.winner, reason: text, rule: core.ended.source };
}
