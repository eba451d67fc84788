// Strings as V8 keeps property names, for the ids the engine compares at every move.

/**
 * The string as V8 keeps property names ("internalized"). Strings read from YAML, built from parts
 * or sent to a worker thread are not; the engine compares ids, sides and card types and looks
 * cards up by id at every move, and internalized strings compare by pointer and need no look-up
 * before serving as a key. So every string the rules hand to the state, the moves and the
 * procedure goes through here once.
 */
export function intern<T extends string | null | undefined>(s: T): T {
  if (typeof s !== 'string') return s;
  return Object.keys({ [s]: true })[0] as T;
}
