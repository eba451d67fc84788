// Where a table value came from: the rule text, or a layer entry. Shared by every game's tables.

/** The layer entry that set a value (values without one are as the rule text prints them). */
export interface Provenance {
  readonly layer: string;
  readonly entry: string;
  readonly kind: 'erratum' | 'inference' | 'ruling' | 'reconstruction';
  /** Where the entry wrote, as a JSON pointer into the record (`/rng/4/2`). */
  readonly pointer: string;
}

/** A table cell: its value (null where neither the source nor a layer gives one) and its origin. */
export interface Cell<T> {
  readonly value: T | null;
  readonly origin: Provenance | null;
}
