// A Warmaster look-up (engine/warmaster/tables.ts: the combat table, the Teleportation Table) as
// `resolve` prints it: JSON for programs, text for people.
import type { CombatTable, TeleportResolution, WarmasterResolution } from '../engine/warmaster/tables.js';
import { flag } from './resolution-text.js';

/** `resolve --format json` for a Warmaster combat look-up: odds, column, roll and result, with the values a layer set. */
export function warmasterResolutionJson(pack: string, r: WarmasterResolution, table: CombatTable) {
  return {
    pack,
    table: table.id,
    attack: r.attack,
    defence: r.defence,
    odds: `${r.odds[0]}-${r.odds[1]}`,
    column: r.column.label,
    roll: r.roll,
    result: r.result.code,
    name: r.result.name,
    text: r.result.text,
    outcome: { attacker: r.result.attacker, defender: r.result.defender, battleAgain: r.result.battleAgain },
    origins: r.origins.map((o) => ({ value: o.value, layer: o.layer, entry: o.entry, kind: o.kind, pointer: o.pointer })),
  };
}

/** `resolve` for a Warmaster combat look-up as text, each value a layer set marked. */
export function warmasterResolutionText(r: WarmasterResolution, table: CombatTable): string {
  const origin = (value: string) => r.origins.find((o) => o.value === value) ?? null;
  const ratio = `${r.odds[0]}-${r.odds[1]}`;
  return (
    [
      `${table.name}`,
      `Attack ${r.attack} against defence ${r.defence}: odds ${ratio}, rounded in the defender's favour: column ${r.column.label}.${flag(origin('column'))}`,
      `D6 roll ${r.roll}: ${r.result.code}, ${r.result.name}: ${r.result.text}${flag(origin('result'))}`,
    ].join('\n') + '\n'
  );
}

/** `resolve --teleport --format json`: the D66 roll on the Teleportation Table `table` and its entry. */
export function teleportResolutionJson(pack: string, table: string, t: TeleportResolution) {
  const o = t.entry.origin;
  return {
    pack,
    table,
    roll: t.roll,
    range: t.entry.range,
    result: t.entry.name,
    outcome: t.entry.outcome,
    text: t.entry.text,
    origins: o ? [{ value: 'result', layer: o.layer, entry: o.entry, kind: o.kind, pointer: o.pointer }] : [],
  };
}

/** `resolve --teleport` as text. */
export function teleportResolutionText(t: TeleportResolution): string {
  const { min, max } = t.entry.range;
  const range = min === max ? `${min}` : `${min ?? ''}-${max ?? ''}`;
  return [`Teleportation Table`, `D66 roll ${t.roll} (${range}): ${t.entry.name} ${t.entry.text}${flag(t.entry.origin)}`].join('\n') + '\n';
}
