// A look-up on a generic table (table-lookup.ts) as `resolve` prints it for people; its JSON is
// the look-up itself.
import type { CombatTable, RollTable } from '../engine/core/generic-tables.js';
import type { CombatTableLookup, LayerNote, RollTableLookup } from './table-lookup.js';

/** A look-up on a roll table as `resolve` prints it: the roll and its entry, marked when a layer set it. */
export function rollLookupText(table: RollTable, r: RollTableLookup): string {
  return [`${table.name} (${r.table}, ${r.dice})`, `Roll ${r.roll}: ${r.name ? `${r.name}: ` : ''}${r.result}${flagOf(r.origins)}`].join('\n') + '\n';
}

/** A look-up on a combat table as `resolve` prints it: the column (by its key), the roll and the result, each value a layer set marked. */
export function combatLookupText(table: CombatTable, r: CombatTableLookup): string {
  let origins = r.origins;
  const lines = [`${table.name} (${table.id}, ${r.dice})`];
  const kind = table.key.kind;
  const column = flagOf(origins.filter((o) => o.value === 'column'));
  origins = origins.filter((o) => o.value !== 'column');
  if ('value' in r) lines.push(`${table.key.name ?? 'Value'} ${r.value}: column ${r.column}.`);
  else if (kind === 'odds')
    lines.push(
      `Attack ${r.attack} against defence ${r.defence}: odds ${r.key.value}, rounded in the ${table.key.kind === 'odds' && table.key.rounding === 'attacker-favour' ? "attacker's" : "defender's"} favour: column ${r.column}${column}.`,
    );
  else lines.push(`Attack ${r.attack} against defence ${r.defence}: differential ${r.key.value}: column ${r.column}.`);
  const row = r.row === String(r.roll) ? '' : ` (row ${r.row})`;
  if (r.result === null) lines.push(`Roll ${r.roll}${row}: the table has no value in this cell yet.${flagOf(origins)}`);
  // A result of a family (`AxDy`) may have no name of its own (null): its code says it.
  else lines.push(`Roll ${r.roll}${row}: ${r.result}${r.name ? `, ${r.name}` : ''}${r.text ? `: ${r.text}` : '.'}${flagOf(origins)}`);
  return lines.join('\n') + '\n';
}

/** What a layer entry of each kind did to a value, in words a designer uses (never "not printed": a generic table may be a designer's own). */
const DONE: Readonly<Record<string, string>> = { erratum: 'corrected in errata', inference: 'inferred', ruling: 'ruled', reconstruction: 'reconstructed' };

/** " (erratum crt-high-roll, corrected in errata)" for a value a layer set. */
function flagOf(notes: readonly LayerNote[]): string {
  return notes.length ? ` (${notes.map((n) => `${n.kind} ${n.entry}${DONE[n.kind] ? `, ${DONE[n.kind]}` : ''}`).join('; ')})` : '';
}
