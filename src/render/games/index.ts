import type { PrintableBuilder } from '../printable.js';

/** Every pack's printables builder, by pack id. Each game registers one line here. */
export const BUILDERS: Readonly<Record<string, PrintableBuilder>> = {};
