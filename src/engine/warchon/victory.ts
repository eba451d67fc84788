// How a game of Warchon ends: an army with no units left loses (the scenario's destroy-all-enemy),
// both at once is a draw; and a game still going when the scenario's draw rule fires at a turn's end
// (ruling draw-after-turns) is a draw.
import type { GameResult } from '../core/game.js';
import type { LogEntry } from '../core/log.js';
import type { CoreState } from '../core/state.js';
import type { WarchonRules } from './content.js';

/** Units of the army itself (not units an event lent it for a while). */
function armyLeft(core: CoreState, side: string): number {
  return core.units.filter((u) => !u.destroyed && u.side === side && u.leaves === null).length;
}

export function victory(core: CoreState, rules: WarchonRules): GameResult | null {
  const beaten = rules.sides.filter((s) => armyLeft(core, s) === 0);
  if (beaten.length === 0 || rules.victory.length === 0) return null;
  const v = rules.victory[0]!;
  if (beaten.length === 2) return { winner: null, reason: `both armies are destroyed at once: ${v.text}`, rule: v.rule };
  return { winner: rules.sides.find((s) => s !== beaten[0])!, reason: v.text, rule: v.rule };
}

/** A draw when the draw rule fired in this log (ruling draw-after-turns). */
export function drawByRule(log: readonly LogEntry[], rules: WarchonRules): GameResult | null {
  if (rules.drawRule === null) return null;
  const fired = log.find((e) => e.kind === 'trigger' && e.source === rules.drawRule);
  if (fired === undefined) return null;
  const text = rules.rules.find((r) => r.key === rules.drawRule)?.rule.text ?? 'draw';
  return { winner: null, reason: text, rule: rules.drawRule };
}
