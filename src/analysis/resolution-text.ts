// How a table look-up's answer is written for people: a signed differential, and the mark on a
// value a layer (an inference, ruling or erratum) set rather than the printed source.
import type { Provenance } from '../engine/warchon/tables.js';

/** `+2`, `0`, `-3`. */
export const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** "(ruling erdon-pass-crt-row-4, not printed)" for a value a layer set. */
export function flag(origin: Pick<Provenance, 'kind' | 'entry'> | null | undefined): string {
  // An erratum corrects a value the source does print: never "not printed".
  return origin ? ` (${origin.kind} ${origin.entry}, ${origin.kind === 'erratum' ? 'corrected' : 'not printed'})` : '';
}
