import type { BuildContext, Printable } from '../printable.js';

/** The sheets every pack has: one per scenario, and the errata sheet listing its layer entries. */
export function commonPrintables(_pack: string, _ctx: BuildContext): Printable[] {
  return [];
}
