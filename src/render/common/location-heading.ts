// The heading a scenario's setup locations print under: the name of their kind, never another's.
import { findRecord, findZone, kindsWithSchema, type PackContent } from './content.js';

/**
 * `Squares` for zones that list squares (what prints is the squares); for a location of a kind the
 * pack declares (common/location-kind.schema.json), that kind's `plural`; otherwise the record
 * kind's own name in the plural (`ship-area` -> `Ship areas`). Several headings: `Setup zones`.
 */
export function locationHeading(content: PackContent, ids: readonly string[]): string {
  const headings = new Set(ids.map((id) => headingOf(content, id)));
  const [only] = headings;
  return headings.size === 1 && only !== undefined ? only : 'Setup zones';
}

function headingOf(content: PackContent, id: string): string | undefined {
  const found = findZone(content, id);
  if (!found) return undefined;
  if (Array.isArray(found.record.squares)) return 'Squares';
  const kindId = found.record.kind;
  if (typeof kindId === 'string') {
    const kind = findRecord(content, kindsWithSchema(content, 'common/location-kind.schema.json'), kindId);
    if (kind && typeof kind.record.plural === 'string') return kind.record.plural;
  }
  return plural(found.kind);
}

/** `ship-area` -> `Ship areas`, `spread` -> `Spreads`, `country` -> `Countries`. */
export function plural(kind: string): string {
  const words = kind.replace(/-/g, ' ');
  const many = /[^aeiou]y$/.test(words) ? `${words.slice(0, -1)}ies` : /(s|x|z|ch|sh)$/.test(words) ? `${words}es` : `${words}s`;
  return many.charAt(0).toUpperCase() + many.slice(1);
}
