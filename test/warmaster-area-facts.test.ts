// The special-areas sheet prints short facts from each ship area's descriptive fields (`hazards`,
// `fireCountdown`: src/games/warmaster/print/areas.ts), while the engine plays the area's rules
// (`when`/`if`/`do`). The two must say the same, or the printed sheet and the game disagree: each
// hazard's die and destroying range is the roll of the rule with its id, and the fire starts where
// the burning rule's countdown does.
import { describe, expect, it } from 'vitest';
import { packContentOf } from './content-support.js';

type Rec = { [key: string]: any };
const areas = Object.values(packContentOf('warmaster').records['ship-area'] as Record<string, Rec>);

/** Every `roll` effect inside `effects`, through `at-place`, `may` and outcomes. */
function rolls(effects: readonly Rec[] | undefined): Rec[] {
  return (effects ?? []).flatMap((e) => [...(e.kind === 'roll' ? [e] : []), ...rolls(e.do), ...(e.outcomes ?? []).flatMap((o: Rec) => rolls(o.effects))]);
}

/** The range of a roll's outcome that destroys the area. */
const destroying = (roll: Rec) => roll.outcomes.find((o: Rec) => (o.effects as Rec[]).some((e) => e.kind === 'destroy-place'))?.range;

describe('Warmaster: what the special-areas sheet prints is what the engine plays', () => {
  it("each hazard's die and destroying range are those of the rule with its id", () => {
    let checked = 0;
    for (const area of areas)
      for (const hazard of area.hazards ?? []) {
        const rule = (area.rules as Rec[]).find((r) => r.id === hazard.id);
        expect(rule, `${area.id} ${hazard.id}`).toBeDefined();
        const [roll] = rolls(rule!.do);
        expect(roll, `${area.id} ${hazard.id}`).toBeDefined();
        expect([roll!.die, destroying(roll!)], `${area.id} ${hazard.id}`).toEqual([hazard.die, hazard.destroysOn]);
        checked++;
      }
    expect(checked).toBe(3);
  });

  it("the fire starts where the burning rule's countdown starts", () => {
    const engine = areas.find((a) => a.fireCountdown)!;
    const burns = (engine.rules as Rec[]).find((r) => r.do?.some((e: Rec) => e.place?.countdown));
    expect(burns!.do.find((e: Rec) => e.place?.countdown).place.countdown.from).toBe(engine.fireCountdown.start);
  });
});
