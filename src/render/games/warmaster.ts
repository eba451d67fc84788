import type { BuildContext, Printable } from '../printable.js';
import { cardsPrintable } from './warmaster/cards.js';
import { specialAreasPrintable } from './warmaster/areas.js';
import { mapPrintable } from './warmaster/map.js';
import { referencePrintable } from './warmaster/reference.js';
import { unitsPrintable } from './warmaster/units.js';

/** warmaster's printables. */
export function warmasterPrintables(ctx: BuildContext): Printable[] {
  return [referencePrintable(ctx.playmarkVersion), unitsPrintable(), cardsPrintable(), mapPrintable(ctx.playmarkVersion), specialAreasPrintable(ctx.playmarkVersion)];
}
