import type { BuildContext, Printable } from '../printable.js';

/** warmaster's printables. */
export function warmasterPrintables(_ctx: BuildContext): Printable[] {
  return [];
}
