// The default context: what a template gets when its printable names no context. Enough for a
// designer's own cards, counters and sheets with no code: the record itself, its side, its copies,
// and a mark for every value a layer set. See docs/printables.md, "The default context".
import { MarkBook } from '../marks.js';
import type { Face } from '../printable.js';
import { packSummary } from '../pack-summary.js';
import type { ContextInput, ContextOutput, SelectedRecord } from './context.js';

export function defaultContext(input: ContextInput): ContextOutput {
  const pack = packSummary(input.content);
  const printable = { id: input.printable.id, title: input.printable.title };
  const sideOf = (r: SelectedRecord) => (typeof r.data.side === 'string' ? (pack.sides.find((s) => s.id === r.data.side) ?? null) : null);
  const entry = (r: SelectedRecord) => ({ kind: r.kind, id: r.id, record: r.data, side: sideOf(r), copies: r.copies });
  const common = { pack, printable, records: input.content.records };

  if (input.printable.faces === 'one' || !input.printable.records) {
    const book = new MarkBook();
    for (const r of input.records) book.addAll(r.id, r.origins);
    const { marks, footnotes } = book.result();
    const face: Face = { context: { ...common, selected: input.records.map(entry) }, marks, footnotes, copies: 1, label: input.printable.id };
    return { faces: [face] };
  }
  const faces = input.records.map((r, i): Face => {
    const { marks, footnotes } = new MarkBook().addAll(r.id, r.origins).result();
    return {
      context: { ...common, ...entry(r), number: i + 1, count: input.records.length },
      marks,
      footnotes,
      copies: r.copies,
      label: `${r.kind} ${r.id}`,
    };
  });
  return { faces };
}
