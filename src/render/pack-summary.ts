// The manifest fields every face may show (the default context and the preview read them).
import { isOriginal } from './common/errata.js';
import type { PackContent } from '../content/effective.js';

/**
 * The manifest fields every face may show. `original` is true for a designer's own game (no rule
 * text transcribed): its faces' legends say so (document.ts renderFace); `source` is the rule
 * text's title, or null for such a game.
 */
export function packSummary(content: PackContent): {
  id: string;
  title: string;
  version: string;
  source: string | null;
  original: boolean;
  sides: readonly { id: string; name: string; color: string | null }[];
} {
  const m = content.pack;
  const original = isOriginal(m.source);
  return {
    id: m.id,
    title: m.title,
    version: m.version,
    source: original ? null : m.source.title,
    original,
    sides: m.sides.map((s) => ({ id: s.id, name: s.name, color: s.color ?? null })),
  };
}
