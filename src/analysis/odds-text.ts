// The pieces `odds` writes the Warchon and Warmaster odds with: fractions as JSON, an outcome, a
// fraction for people, padding and lists of numbers.
import type { Provenance } from '../engine/warchon/tables.js';
import type { Fraction } from './fraction.js';
import type { Outcome } from './odds.js';

export const frac = (f: Fraction) => ({ fraction: f.toString(), value: f.toNumber() });
export const fracOrNull = (f: Fraction | null) => (f ? frac(f) : null);
export const layerJson = (p: Provenance) => ({ layer: p.layer, entry: p.entry, kind: p.kind, pointer: p.pointer });

export function outcomeJson<R extends { code: string }>(o: Outcome<R>) {
  return {
    kind: o.kind,
    key: o.key,
    probability: o.probability.toString(),
    value: o.probability.toNumber(),
    numbers: o.numbers,
    layers: o.layers.map((p) => p.entry),
  };
}

/** "13/4 (3.25)", "0", "1". */
export function num(f: Fraction | null): string {
  if (!f) return '?';
  return f.den === 1n ? f.toString() : `${f.toString()} (${f.toNumber().toFixed(2)})`;
}

export const pad = (s: string, n: number) => s.padEnd(n);
export const padL = (s: string, n: number) => s.padStart(n);

export function numbersText(label: string, numbers: readonly number[], suffix = ''): string {
  if (numbers.length === 0) return '';
  return `${label}${numbers.length === 1 ? '' : 's'} ${numbers.map((n) => `${n}${suffix}`).join(', ')}`;
}

/** The check every odds report ends with: the columns worse for the attacker than the one to their left, if any. */
export function columnOrderCheck(columns: readonly { readonly label: string; readonly worseThanLeft: boolean }[]): string {
  const worse = columns.filter((c) => c.worseThanLeft).map((c) => c.label);
  return worse.length
    ? `  CHECK: worse for the attacker than the column to its left: ${worse.join(', ')}`
    : '  Check: no column is worse for the attacker than the one to its left.';
}
