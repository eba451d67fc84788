// The renames of issue 20's Archon Skirmish deck migration (docs/migration.md), as a function from an
// export made before it to the export expected after it. Only moves: each card's `count` becomes the
// deck's `copies` of it (in the deck's order), `startingHand` moves under `extension`, and the deck
// gains the `name` the generic deck requires (the rule text prints none).
type Obj = Record<string, any>;

/** The name the migration gives the deck: the text prints none; "common deck" as "Players share a common deck." words it */
export const ARCHON_DECK_NAME = 'common deck';

/** A JSON pointer into the old deck, in the new shape. */
export function migrateArchonDeckPointer(pointer: string): string {
  return pointer.replace(/^\/startingHand(?=\/|$)/, '/extension/startingHand');
}

/** A whole `playmark export archon-skirmish [--provenance]` made before the migration, as it must read after. */
export function migrateArchonExport(exported: unknown): unknown {
  const out = structuredClone(exported) as Obj;
  // With --provenance each record is { id, data, provenance }; without, the data itself.
  const wrapped = (r: Obj) => 'data' in r && 'provenance' in r;
  const dataOf = (r: Obj): Obj => (wrapped(r) ? r.data : r);
  const count = new Map<string, number>();
  // A layer entry that set a card's count now sets the deck's copies of it.
  const countLayers = new Map<string, Obj>();
  out.kinds.card = (out.kinds.card as Obj[]).map((record) => {
    const { count: copies, ...data } = dataOf(record);
    count.set(data.id, copies);
    if (!wrapped(record)) return data;
    const { '/count': layer, ...layers } = (record.provenance.layers ?? {}) as Obj;
    if (layer) countLayers.set(data.id, layer);
    return { ...record, data, provenance: { ...record.provenance, layers } };
  });
  out.kinds.deck = (out.kinds.deck as Obj[]).map((record) => {
    const { startingHand, cards: ids, ...rest } = dataOf(record);
    const data = { ...rest, name: ARCHON_DECK_NAME, cards: (ids as string[]).map((card) => ({ card, copies: count.get(card) })), extension: { startingHand } };
    if (!wrapped(record)) return data;
    const layers: Obj = {};
    for (const [pointer, entry] of Object.entries((record.provenance.layers ?? {}) as Obj)) layers[migrateArchonDeckPointer(pointer)] = entry;
    (ids as string[]).forEach((card, i) => {
      if (countLayers.has(card)) layers[`/cards/${i}/copies`] = countLayers.get(card);
    });
    return { ...record, data, provenance: { ...record.provenance, layers } };
  });
  return out;
}

/** Issue 22: the end of the no-stacking rule's new note. */
const NO_STACKING_NOTE = 'one creature a square): its board holds one creature a square, so it refuses a scenario without this rule (content.ts);';

/**
 * Issue 22 (docs/migration.md): values stated twice removed, each fact kept where the engine reads
 * it. The Attack cards' `effects` and the Battle Phase's `damage` (the phase's rule `damage` does
 * an attack's damage), the board's `victory` (the scenario's victory conditions, whose texts joined
 * by "or" are the printed VICTORY text), and the zone `corners` (the scenario names the corners
 * one zone each). The no-stacking rule's note now says the game refuses a scenario without it.
 */
export function migrateArchonIssue22(exported: unknown): unknown {
  const out = structuredClone(exported) as Obj;
  const wrapped = (r: Obj) => 'data' in r && 'provenance' in r;
  const without = (record: Obj, field: string): Obj => {
    const { [field]: _gone, ...data } = wrapped(record) ? record.data : record;
    return wrapped(record) ? { ...record, data } : data;
  };
  const dataOf = (r: Obj): Obj => (wrapped(r) ? r.data : r);
  out.kinds.card = (out.kinds.card as Obj[]).map((r) => (dataOf(r).type === 'A' ? without(r, 'effects') : r));
  out.kinds.phase = (out.kinds.phase as Obj[]).map((r) => (dataOf(r).id === 'battle' ? without(r, 'damage') : r));
  out.kinds.board = (out.kinds.board as Obj[]).map((r) => without(r, 'victory'));
  out.kinds.zone = (out.kinds.zone as Obj[]).filter((r) => dataOf(r).id !== 'corners');
  // The no-stacking rule's note says the game now refuses a scenario without it.
  for (const r of out.kinds.scenario as Obj[])
    for (const rule of dataOf(r).specialRules ?? [])
      if (rule.id === 'no-stacking') rule.do[0].note = rule.do[0].note.replace('one creature a square);', NO_STACKING_NOTE);
  return out;
}
