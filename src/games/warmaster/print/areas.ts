// The special areas card (a sheet): each special area's printed name and rules, where the ruled map
// puts it, and what the engine plays from its record as short facts: initial control and entry from the
// fields the engine reads, the rest from the area's rules in words (src/render/common/rule-words.ts),
// so a changed rule changes the sheet. Each fact is marked where a layer set it.
import type { Effect } from '../../../../generated/types/common/effect.js';
import type { DeepReadonly } from '../../../../generated/types/readonly.js';
import { type RuleWords, ruleWords } from '../../../render/common/rule-words.js';
import type { NamedContext } from '../../../render/contexts/context.js';
import { MarkBook, type Origins } from '../../../render/marks.js';
import { type Area, areaName, face, footer, numberedAreas, ruleNames, sideView, warmasterView, type WarmasterView } from './shared.js';

/** One short fact: a label (none for a rule's words), its value, and the record and pointers its marks look up. */
interface Fact {
  readonly label: string | null;
  readonly value: string;
  readonly record: string;
  readonly pointers: readonly string[];
}

/** The pointers under `prefix` a layer set (the marks of a rule's words). */
function layeredUnder(origins: Origins, prefix: string, except: readonly string[]): string[] {
  const inside = (p: string, q: string) => p === q || p.startsWith(`${q}/`);
  return [prefix, ...Object.keys(origins ?? {}).filter((p) => inside(p, prefix) && p !== prefix)].filter((p) => !except.some((x) => inside(p, x)));
}

/** Whether an effect list selects the areas adjacent to its own, anywhere inside. */
function selectsAdjacent(effects: readonly DeepReadonly<Effect>[]): boolean {
  return effects.some(
    (e) =>
      (e.kind === 'at-place' && 'adjacent' in e.place) ||
      ('do' in e && Array.isArray(e.do) && selectsAdjacent(e.do)) ||
      (e.kind === 'roll' && e.outcomes.some((o) => selectsAdjacent(o.effects))),
  );
}

/**
 * The area's facts: what the engine plays from its record, for players. Control and entry are
 * fields the engine reads; every other fact is a rule's `when`/`if`/`do` in words, so the sheet
 * says what is played. A rule with a roll of many outcomes also gives the area's table.
 */
function facts(view: WarmasterView, a: Area, book: MarkBook): { facts: Fact[]; table: (RuleWords['table'] & { rule: number }) | null } {
  const o = view.origins('ship-area', a.id);
  const out: Fact[] = [];
  const add = (label: string | null, value: string, pointers: readonly string[], record: string = a.id) => {
    out.push({ label, value, record, pointers });
    book.add(record, record === a.id ? o : view.origins('ship-area', record), pointers);
  };
  // Who takes control later and what it does are the area's rules, worded below.
  if (a.control) add('Control', `${sideView(view, a.control.initial).name} at the start`, ['/control/initial']);
  // Whether units may enter, and what befalls one teleporting in, are the area's rules, worded below.
  const names = ruleNames(view);
  let table: (RuleWords['table'] & { rule: number }) | null = null;
  for (const [i, rule] of (a.rules ?? []).entries()) {
    // A rule the engine leaves to players (a `manual` note) has its printed text only. The area has
    // room for one table: a later roll of many outcomes is worded inline.
    const words = ruleWords(rule, names, `/rules/${i}`, table ? Number.POSITIVE_INFINITY : 3);
    if (!words) continue;
    // A table's marks go on its rows (a layer may set the whole list of outcomes).
    const rows = words.table ? [words.table.rows[0]!.pointer.replace(/\/\d+$/, '')] : [];
    add(null, words.text, layeredUnder(o, `/rules/${i}`, rows));
    if (words.table) table = { ...words.table, rule: i };
    if (selectsAdjacent(rule.do)) {
      for (const n of numberedAreas(view).filter((x) => x.special === a.id)) {
        add(`Adjacent to ${n.number}`, (n.connections ?? []).map((c) => areaName(view, c)).join(', '), ['/connections'], n.id);
      }
    }
  }
  return { facts: out, table };
}

/** The sheet's face: the areas in the order given. */
function specialAreasFace(view: WarmasterView, list: readonly Area[], playmarkVersion: string) {
  const book = new MarkBook();
  const views = list.map((a) => {
    const o = view.origins('ship-area', a.id);
    book.add(a.id, o, ['/name']);
    const where = numberedAreas(view)
      .filter((n) => n.special === a.id)
      .map((n) => {
        book.add(n.id, view.origins('ship-area', n.id), ['/special']);
        return { id: n.id, number: n.number };
      });
    const rules = (a.rules ?? []).map((r, i) => {
      book.add(a.id, o, [`/rules/${i}/text`]);
      return { text: r.text, pointer: `/rules/${i}/text` };
    });
    // Records without separate rules print their whole text.
    if (rules.length === 0 && a.text) {
      book.add(a.id, o, ['/text']);
      rules.push({ text: a.text, pointer: '/text' });
    }
    const { facts: fs, table } = facts(view, a, book);
    const hits = table
      ? {
          die: table.die,
          rows: table.rows.map((r) => {
            book.add(a.id, o, [r.pointer]);
            return r;
          }),
        }
      : null;
    return { id: a.id, name: a.name ?? a.id, condition: a.category === 'condition', where, rules, facts: fs, hits };
  });
  return face({ title: view.pack.title, subtitle: 'Special areas', footer: footer(view, playmarkVersion), areas: views }, book, 'special areas');
}

export const specialAreasContext: NamedContext = {
  name: 'warmaster-special-areas',
  description:
    'One sheet of the selected ship areas, in the order given: each one\u2019s name, the numbered areas the map puts it in, its printed rules, and what the engine plays from its record as short facts: control and entry, and each rule the engine plays in words (a roll of many outcomes as a table).',
  kinds: ['ship-area'],
  build(input) {
    const view = warmasterView(input.content);
    // The selected areas; the special areas and conditions, by name, when the printable selects none.
    const list = input.printable.records
      ? input.records.map((r) => view.areas[r.id]!)
      : Object.values(view.areas)
          .filter((a) => a.category === 'special' || a.category === 'condition')
          .sort((a, b) => (a.name ?? a.id).localeCompare(b.name ?? b.id));
    return { faces: [specialAreasFace(view, list, input.playmarkVersion)] };
  },
};
