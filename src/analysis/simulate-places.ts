// The names of the places `simulate` reports destroyed, read from the pack's own records, so a
// designer reads "33 The Weapons store" where the game's log says `area-33`. Any pack whose places
// are records gets them: a place's id is a record's id, and its name is the record's `name`; a
// numbered place without one is its `number`, followed by the name of the place its `special`
// names when it stands for one (a Warmaster numbered area that is the Weapons store). The names are
// a function of the content alone, so every worker and shard gives the same ones.

/** A place's name, or null when the pack's records do not name it (the report then shows its id). */
export type PlaceNames = (place: string) => string | null;

type Records = Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>;

/** The names of a pack's places, or null for content that is not a pack's records. */
export function placeNamesFor(content: unknown): PlaceNames | null {
  if (typeof content !== 'object' || content === null || !('records' in content)) return null;
  const records = (content as { readonly records: unknown }).records;
  if (typeof records !== 'object' || records === null) return null;
  // Kinds in name order, so a place id two kinds share is always read from the same one.
  const kinds = Object.keys(records).sort();
  return (place) => {
    for (const kind of kinds) {
      const ofKind = (records as Records)[kind];
      const record = ofKind?.[place];
      if (isObject(record)) return nameOf(record, ofKind!);
    }
    return null;
  };
}

/** A record's name: its `name`; else its `number`, with the name of the record of its kind its `special` names. */
function nameOf(record: Readonly<Record<string, unknown>>, ofKind: Readonly<Record<string, unknown>>): string | null {
  const name = record.name;
  if (typeof name === 'string' && name !== '') return name;
  const number = record.number;
  if (typeof number !== 'number' && (typeof number !== 'string' || number === '')) return null;
  const special = typeof record.special === 'string' ? ofKind[record.special] : undefined;
  const specialName = isObject(special) ? special.name : undefined;
  return typeof specialName === 'string' && specialName !== '' ? `${number} ${specialName}` : String(number);
}

function isObject(x: unknown): x is Readonly<Record<string, unknown>> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
