// The special areas card (a sheet): each special area's printed name and rules, where the ruled map
// puts it, and the values the engine plays from its record (control, entry, hazards, fire, lasers)
// as short facts, each marked where a layer set it.
import { MarkBook } from '../../../render/marks.js';
import type { NamedContext } from '../../../render/contexts/context.js';
import { type Area, dieText, face, footer, numberedAreas, rangeText, sideView, warmasterView, type WarmasterView } from './shared.js';

/** One short fact: a label, its value, and the record and pointer a mark looks up. */
interface Fact {
  readonly label: string;
  readonly value: string;
  readonly record: string;
  readonly pointer: string;
}

const BLOCKED_BY: Readonly<Record<string, string>> = {
  'traitor-cards': 'a Traitor card is in the area',
  'traitor-units': 'a Traitor unit is in the area',
  'any-traitor-piece': 'any Traitor unit or card is in the area',
};
const WHEN: Readonly<Record<string, string>> = {
  'battle-here': 'before a battle here',
  'destruction-attempt': 'when trying to destroy it',
  'this-area-destroyed': 'when this area is destroyed',
};
const SCOPE: Readonly<Record<string, string>> = { 'this-area': 'this area', 'each-adjacent-area': 'each adjacent area' };
const FIRE_WHEN: Readonly<Record<string, string>> = { 'start-of-each-player-turn': "at the start of each player's turn" };

function areaName(view: WarmasterView, id: string): string {
  const a = view.areas[id];
  return a ? (a.name ?? (typeof a.number === 'number' ? String(a.number) : id)) : id;
}

function facts(view: WarmasterView, a: Area, book: MarkBook): Fact[] {
  const o = view.origins('ship-area', a.id);
  const out: Fact[] = [];
  const add = (label: string, value: string, pointer: string, record: string = a.id) => {
    out.push({ label, value, record, pointer });
    book.add(record, record === a.id ? o : view.origins('ship-area', record), [pointer]);
  };
  if (a.control) {
    add('Control', `${sideView(view, a.control.initial).name} at the start; then the last side to enter`, '/control');
    const m = a.control.movement;
    add('Moves per turn', `controller ${m.controller} areas, opponent ${m.opponent}; ${m.destroyed} each once destroyed`, '/control/movement');
  }
  if (a.entry) {
    const parts = [
      a.entry.voluntary ? 'units may move in' : 'no unit may move in',
      a.entry.onTeleport === 'destroyed' ? 'a unit teleporting in is destroyed' : 'units may teleport in',
    ];
    add('Entry', parts.join('; '), '/entry');
  }
  if (a.deliberateDestruction) {
    const d = a.deliberateDestruction;
    add(
      'Destroy it',
      `an ${sideView(view, d.by).name} unit here, instead of attacking, unless ${BLOCKED_BY[d.blockedBy] ?? d.blockedBy}`,
      '/deliberateDestruction/blockedBy',
    );
  }
  for (const [i, h] of (a.hazards ?? []).entries()) {
    add(
      h.scope === 'this-area' ? 'Accident' : 'Explosion',
      `${dieText(h.die)} ${rangeText(h.destroysOn)} destroys ${SCOPE[h.scope] ?? h.scope} and its units; roll ${h.when.map((w) => WHEN[w] ?? w).join(' and ')}`,
      `/hazards/${i}`,
    );
    if (h.scope === 'each-adjacent-area') {
      for (const n of numberedAreas(view).filter((x) => x.special === a.id)) {
        add(`Adjacent to ${n.number}`, (n.connections ?? []).map((c) => areaName(view, c)).join(', '), '/connections', n.id);
      }
    }
  }
  if (a.fireCountdown) {
    const f = a.fireCountdown;
    add(
      'Once destroyed',
      `the ship burns ${FIRE_WHEN[f.when] ?? f.when}: area ${f.start} first, then counting ${f.direction === 'descending' ? 'down' : 'up'}${f.skipDestroyed ? ', skipping destroyed areas' : ''}`,
      '/fireCountdown/start',
    );
    if (f.destroysUnits !== null)
      add('Burning area', f.destroysUnits ? 'its units are destroyed with it' : 'its units survive', '/fireCountdown/destroysUnits');
  }
  if (a.laserAttack) {
    const l = a.laserAttack;
    const phase = view.phases[l.phase];
    const table = view.teleportTables[l.table];
    add('Lasers', `in the ${phase ? phase.name : l.phase}, roll on the ${table ? table.name : l.table}`, '/laserAttack/phase');
  }
  return out;
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
    const fs = facts(view, a, book);
    const hits = a.laserAttack?.hits
      ? a.laserAttack.hits.map((h, i) => {
          book.add(a.id, o, [`/laserAttack/hits/${i}`]);
          const excluded = (h.excludedAreas ?? []).map((x) => areaName(view, x));
          const what =
            h.hit === 'none' ? 'Miss' : h.hit === 'area-rolled' ? 'The area of that number: its units are destroyed' : 'An area the Imperial player chooses';
          return { range: rangeText(h.range), what: excluded.length > 0 ? `${what}, except ${excluded.join(', ')}` : what, pointer: `/laserAttack/hits/${i}` };
        })
      : null;
    return { id: a.id, name: a.name ?? a.id, condition: a.category === 'condition', where, rules, facts: fs, hits };
  });
  return face({ title: view.pack.title, subtitle: 'Special areas', footer: footer(view, playmarkVersion), areas: views }, book, 'special areas');
}

export const specialAreasContext: NamedContext = {
  name: 'warmaster-special-areas',
  description:
    'One sheet of the selected ship areas, in the order given: each one\u2019s name, the numbered areas the map puts it in, its printed rules, and what the engine plays from its record (control, entry, deliberate destruction, hazards, fire, laser hits) as short facts.',
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
