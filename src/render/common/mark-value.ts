import type { RecordOrigins } from '../../../generated/types/readonly.js';
import { markKey, type MarkBook } from '../marks.js';

/**
 * Marks the value at `pointer` when a layer set it, a value containing it, or (origins recorded
 * value by value inside a list or mapping) values inside it: then the first such entry marks it.
 */
export function markValue(book: MarkBook, rec: string, origins: RecordOrigins | undefined, pointer: string): void {
  if (!origins) return;
  book.add(rec, origins, [pointer]);
  if (book.result().marks[markKey(rec, pointer)] !== undefined) return;
  const inside = Object.keys(origins)
    .filter((p) => p.startsWith(`${pointer}/`))
    .sort();
  const first = inside[0];
  if (first !== undefined) book.add(rec, { [pointer]: origins[first]! }, [pointer]);
}
