import type { PrintableBuilder } from '../printable.js';
import { archonSkirmishPrintables } from './archon-skirmish.js';
import { warchonPrintables } from './warchon.js';
import { warmasterPrintables } from './warmaster.js';

/** Every pack's own printables builder, by pack id. (Scenario and errata sheets: common/index.ts.) */
export const BUILDERS: Readonly<Record<string, PrintableBuilder>> = {
  'archon-skirmish': archonSkirmishPrintables,
  warchon: warchonPrintables,
  warmaster: warmasterPrintables,
};
