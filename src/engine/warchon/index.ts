// Warchon played through the game loop (src/engine/core/game.ts) on the core rule interpreter:
// set-up from the scenario, the Movement Round, battles in spread order with both players'
// fingers, Random Events, results and Hits, Capacity, victory. See docs/game-log.md; the moves:
//
//   { kind: 'recruit', unit }         army building (a side with a points budget): buy one unit by record
//   { kind: 'end-army' }              army building: the side's army is complete
//   { kind: 'place', unit, spread }   set-up: the side's next unit onto one of its set-up spreads
//   { kind: 'move', unit, to }        Movement Round: a unit that has not acted moves (and is shifted)
//   { kind: 'hold', unit }            Movement Round: a unit stays (and is shifted)
//   { kind: 'end-movement' }          Movement Round: the rest are shifted; battles follow
//   { kind: 'fingers', n }            battle, or a number an event generates: the attacker, then the defender, shows 1-5 fingers
//   { kind: 'assign', unit }          battle: the owner gives one Hit of his side's result to a unit
//   { kind: 'destroy', unit }         an army over a spread's Capacity destroys a unit of its choice
//   { kind: 'choose', ids }           a choice an effect asks of a side (units, a spread, an option; a number is fingers)
import type { Game, PlayResult } from '../core/game.js';
import { nextInt, seedRandom } from '../core/random.js';
import { effectiveStat } from '../core/stats.js';
import { pickFingers } from './bot.js';
import { warchonRules, type WarchonContent } from './content.js';
import { listMoves } from './moves.js';
import { beforeFingers, playMove } from './play.js';
import { setupState } from './setup.js';
import { stateWith, type WarchonMove, type WarchonState } from './state.js';
import { determinize, playerView, viewEvent } from './view.js';

export type { WarchonContent, WarchonRules } from './content.js';
export { WarchonContentError, warchonRules } from './content.js';
export type { WarchonMove, WarchonState } from './state.js';
export { WARCHON_RULES_RUN } from './rules-run.js';

export const warchonGame: Game<WarchonContent, WarchonState, WarchonMove> = {
  pack: 'warchon',
  sides: (content) => warchonRules(content).sides,
  setup(content, seed, options) {
    return setupState(warchonRules(content, options?.scenario), seed);
  },
  legalMoves(content, state) {
    return listMoves(warchonRules(content, state.scenario), state);
  },
  play(content, state, move): PlayResult<WarchonState> {
    return playMove(warchonRules(content, state.scenario), state, move);
  },
  // Hidden information (view.ts): unseen enemy units and the attacker's fingers.
  playerView(content, state, side) {
    return playerView(warchonRules(content, state.scenario), state, side);
  },
  determinize(content, view, side, random) {
    return determinize(warchonRules(content, view.scenario), view, side, random);
  },
  viewEvent(content, event, side, state) {
    return viewEvent(warchonRules(content, state.scenario), event, side, state);
  },
  choose(content, state, moves, random) {
    const rules = warchonRules(content, state.scenario);
    const side = state.active;
    // An event's entry is rated by playing it, with dice of the bot's own (never the game's generator).
    const seed = nextInt(random, 0, 0x7fffffff);
    const dice = seedRandom(seed.value);
    const before = stateWith(beforeFingers(rules, state), { random: dice });
    const rate = (attacker: number, defender: number): number => {
      let s = playMove(rules, before, { kind: 'fingers', n: attacker }).state;
      s = playMove(rules, s, { kind: 'fingers', n: defender }).state;
      // What the number decides may still wait on a choice (Assassination: which unit is lost): the first answers.
      for (let i = 0; i < 8 && s.pending !== null && s.pending.request.kind !== 'number'; i++) s = playMove(rules, s, listMoves(rules, s)[0]!).state;
      const score = warchonGame.evaluate!(content, s, side);
      return Math.max(-1e6, Math.min(1e6, score));
    };
    return pickFingers(rules, state, moves, seed.random, rate);
  },
  evaluate(_content, state, side) {
    if (state.result) return state.result.winner === side ? Infinity : state.result.winner === null ? 0 : -Infinity;
    // Material: Hits left plus AS and DS, own minus enemy.
    let score = 0;
    for (const u of state.core.units) {
      if (u.destroyed || u.location === null) continue;
      const worth = u.hits + (effectiveStat(u, 'as') ?? 0) + (effectiveStat(u, 'ds') ?? 0);
      score += (u.side === side ? 1 : -1) * worth;
    }
    return score;
  },
};

/** The game, by the name every game module exports it under (pack.yaml's `game.module` names this module). */
export const game = warchonGame;
