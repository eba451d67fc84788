import type { BuildContext, Printable } from '../printable.js';

/** warchon's printables. */
export function warchonPrintables(_ctx: BuildContext): Printable[] {
  return [];
}
