import type { BuildContext, Printable } from '../printable.js';
import { oddsPrintable } from './warchon/odds.js';
import { playmarksPrintable } from './warchon/playmarks.js';
import { referencePrintable } from './warchon/reference.js';
import { spreadsPrintable } from './warchon/spreads.js';

/** warchon's printables: the spreads, the unit playmarks, the exact odds per spread, a quick reference. */
export function warchonPrintables(ctx: BuildContext): Printable[] {
  return [spreadsPrintable(), playmarksPrintable(), oddsPrintable(ctx), referencePrintable()];
}
