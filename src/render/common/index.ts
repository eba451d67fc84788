import type { BuildContext, Printable } from '../printable.js';
import { packContent } from './content.js';
import { errataSheet } from './errata.js';
import { scenarioSheets } from './scenarios.js';

/** The sheets every pack has: one per scenario, and the errata sheet listing its layer entries. */
export function commonPrintables(pack: string, ctx: BuildContext): Printable[] {
  const content = packContent(pack);
  return [scenarioSheets(content, ctx), errataSheet(content, ctx)];
}
