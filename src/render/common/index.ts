import type { PackContent } from '../../content/effective.js';
import type { BuildContext, Printable } from '../printable.js';
import { commonView } from './content.js';
export { withCover } from './cover.js';
import { errataSheet } from './errata.js';
import { scenarioSheets } from './scenarios.js';

/** The sheets every pack has: one per scenario (when it has scenarios), and the errata sheet listing its layer entries. */
export function commonPrintables(content: PackContent, ctx: BuildContext): Printable[] {
  const view = commonView(content);
  return [...(view.scenarioIds.length > 0 ? [scenarioSheets(view, ctx)] : []), errataSheet(view, ctx)];
}
