// SETUP: every piece starts off the ship. The Imperial groups wait to teleport in the first
// Imperial reinforcements phase. The Traitor's pieces are counters face down: they are dealt their
// identities at random (a logged draw that names none of them), those of the cup go into the cup,
// and the rest (Warmaster Horus: "Horus begins the game face down, hidden in the Traitor ship") are
// placed face down by the Traitor player, one `place` move each, in a set-up area of his choice
// (ruling standard-horus-setup). With the set-up's `drawnFromCup` he first draws that many pieces
// from the cup at random to place with them (reconstruction standard-traitor-setup-draw), and the
// pieces to place are mixed face down, so the other side cannot tell which is Horus. The Traitor
// controls the Bridge ("after all, it is the ship of Horus").
import type { GameEvent, PlayResult } from '../core/game.js';
import { sampleIndices } from '../core/random.js';
import { coreWith, createState, withPlaceControl } from '../core/state.js';
import type { WarmasterRules } from './content.js';
import { advance } from './play.js';
import { draft, type WarmasterState } from './state.js';

export function setupState(rules: WarmasterRules, seed: number): PlayResult<WarmasterState> {
  let core = createState({ seed, sides: rules.sides, units: rules.units, turn: 0, active: null });
  // "The bridge is controlled initially by the Treasonous player": the Bridge's `control/initial`.
  if (rules.bridge !== null) core = withPlaceControl(core, rules.bridge.area, rules.bridge.initial);
  const events: GameEvent[] = [{ type: 'setup', pack: rules.pack, scenario: rules.scenario, seed, sides: [...rules.sides], first: rules.first }];
  const identities: { [piece: string]: string } = {};
  const unplaced: string[] = [];
  const cup: string[] = [];
  const hidden = rules.hidden;
  if (hidden !== null) {
    // Deal the records to the numbered pieces: order[k] is the record of piece k.
    const dealt = sampleIndices(core.random, hidden.records.length, hidden.records.length);
    core = coreWith(core, { random: dealt.random });
    const placed = rules.setup?.count ?? 0;
    hidden.ids.forEach((id, k) => {
      const at = dealt.value[k]!;
      identities[id] = hidden.records[at]!;
      // The records list the pieces placed at set-up first, then the cup's.
      (at < placed ? unplaced : cup).push(id);
    });
    events.push({
      type: 'draw',
      what: 'deal',
      side: hidden.side,
      rule: rules.cup?.key ?? null,
      pieces: [...hidden.ids],
      cup: [...cup],
      unplaced: [...unplaced],
    });
    const fromCup = rules.setup?.fromCup ?? 0;
    if (fromCup > 0) {
      // The draw (as a cup draw picks), then the pieces to place mixed: their records dealt again
      // among them, so the deal's naming of the army's own set-up pieces tells nothing.
      const picked = sampleIndices(core.random, cup.length, fromCup);
      const pieces = picked.value.map((i) => cup[i]!);
      const mixed = sampleIndices(picked.random, unplaced.length + pieces.length, unplaced.length + pieces.length);
      core = coreWith(core, { random: mixed.random });
      const left = cup.filter((id) => !pieces.includes(id));
      cup.splice(0, cup.length, ...left);
      unplaced.push(...pieces);
      const records = unplaced.map((id) => identities[id]!);
      unplaced.forEach((id, k) => {
        identities[id] = records[mixed.value[k]!]!;
      });
      events.push({
        type: 'draw',
        what: 'setup',
        side: hidden.side,
        rule: rules.setup!.key,
        count: fromCup,
        pieces,
        left: cup.length,
        unplaced: [...unplaced],
      });
    }
  }
  const state: WarmasterState = {
    random: core.random,
    active: rules.setup?.side ?? rules.first,
    turn: 0,
    result: null,
    scenario: rules.scenario,
    phase: null,
    stage: 'place',
    core,
    cup,
    identities,
    unplaced,
    setupPieces: [...unplaced],
    waiting: rules.groups.map((g) => ({ side: g.side, pieces: g.pieces, turn: 1 })),
    teleports: [],
    arrival: null,
    moved: [],
    battles: [],
    revealing: null,
    combat: null,
    asked: [],
    pending: null,
  };
  return advance(rules, draft(state), events);
}
