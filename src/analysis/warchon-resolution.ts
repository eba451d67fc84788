// A Warchon combat look-up (engine/warchon/tables.ts resolveCombat) as `resolve` prints it: JSON
// for programs, text for people.
import { describeResult, type CombatResult } from '../engine/warchon/results.js';
import type { Resolution, SpreadTables } from '../engine/warchon/tables.js';
import { flag, signed } from './resolution-text.js';

/** `resolve --format json` for a Warchon look-up: the spread, the column, the number and the result, with the values a layer set. */
export function warchonResolutionJson(pack: string, r: Resolution, spread: SpreadTables) {
  return {
    pack,
    spread: r.spread,
    spreadNumber: spread.number,
    as: r.as,
    ds: r.ds,
    differential: r.differential,
    column: r.column.label,
    fingers: r.fingers,
    number: r.number,
    event: r.event,
    eventsTable: r.eventsTable,
    result: r.result?.code ?? null,
    outcome: r.result && outcomeJson(r.result),
    origins: r.origins.map((o) => ({ value: o.value, layer: o.layer, entry: o.entry, kind: o.kind, pointer: o.pointer })),
  };
}

function outcomeJson(result: CombatResult) {
  return {
    kind: result.kind,
    form: result.form,
    name: result.name,
    attacker: result.attacker,
    defender: result.defender,
    engaged: result.engaged,
    words: describeResult(result),
  };
}

/** `resolve` for a Warchon look-up as text: the column, the number and the result in words (or the Random Event), each value a layer set marked. */
export function warchonResolutionText(r: Resolution, spread: SpreadTables): string {
  const origin = (value: string) => r.origins.find((o) => o.value === value) ?? null;
  const lines = [
    `${spread.name} (spread ${spread.number}, ${spread.id})`,
    `Differential ${signed(r.differential)} (AS ${r.as} - DS ${r.ds}): column ${r.column.label}.${flag(origin('column'))}`,
  ];
  const fingers = `Fingers ${r.fingers.attacker} (attacker) and ${r.fingers.defender} (defender)`;
  if (r.event) {
    lines.push(`${fingers}: number ${r.number}E, a Random Event.${flag(origin('number'))}`);
    if (spread.events) {
      lines.push(`Go to the ${spread.name} Events Table (${spread.id}) and generate another number for the entry:`);
      for (const e of spread.events) lines.push(`  ${e.number} ${e.name}`);
    } else {
      lines.push(`${spread.name} prints no Events Table.`);
    }
    lines.push('No combat result yet: unless the event ends combat, recalculate CS and generate a new number, ignoring further events this turn.');
  } else {
    lines.push(`${fingers}: number ${r.number}.${flag(origin('number'))}`);
    const result = r.result!;
    const name = result.name ? ` (${result.name})` : '';
    lines.push(`Result ${result.code}${name}: ${describeResult(result)}.${flag(origin('result'))}`);
  }
  return lines.join('\n') + '\n';
}
