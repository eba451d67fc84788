// Effect kinds a static rule may hold that the interpreter never applies: `manual` and `no-effect`
// (notes for the players) and `move-directly` (a way of moving, which a game's movement reads from
// the rules of a unit's traits; it puts no mark on the state). A rule holding only these is not a
// static rule to recompute.

/** Whether the interpreter leaves an effect of this kind alone in a static rule (no mark to put or remove). */
export function unapplied(kind: string): boolean {
  return kind === 'manual' || kind === 'no-effect' || kind === 'move-directly';
}
