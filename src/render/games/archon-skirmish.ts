import type { BuildContext, Printable } from '../printable.js';

/** archon-skirmish's printables. */
export function archonSkirmishPrintables(_ctx: BuildContext): Printable[] {
  return [];
}
