// `types/readonly.ts`: the helper types the content modules use.
import { banner } from './banner.js';

export const READONLY_MODULE = 'types/readonly.ts';

export function readonlyModule(): string {
  return `${banner(['src/codegen/readonly-module.ts'])}
/** \`T\` with every property, array and tuple readonly, all the way down. */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/**
 * \`T\` with its references narrowed to the ids of the kinds they name: \`R\` mirrors \`T\`'s
 * properties (lists are looked through) and holds an id union at each reference (\`x-ref\`).
 * Only a plain \`string\` is narrowed: a literal beside it (\`cards: "subject" | Id[]\`) stays.
 */
export type WithRefs<T, R> = T extends readonly unknown[]
  ? { [K in keyof T]: WithRefs<T[K], R> }
  : [R] extends [string]
    ? string extends T
      ? R
      : T
    : T extends object
      ? { [K in keyof T]: K extends keyof R ? WithRefs<T[K], R[K]> : T[K] }
      : T;

/** Where an effective value came from when a layer set it (values with no origin are as printed). */
export interface LayerOrigin {
  /** The layer file's id (\`content/<pack>/layers/<layer>.yaml\`). */
  readonly layer: string;
  /** The id of the layer entry that set the value. */
  readonly entry: string;
  /** \`erratum\` corrects a printed value; \`inference\` completes one from a pattern the source shows; \`ruling\` decides what the source leaves open; \`reconstruction\` invents what the source lacks so the game can be played. */
  readonly kind: 'erratum' | 'inference' | 'ruling' | 'reconstruction';
  /** Why the layer sets this value. */
  readonly reason: string;
}

/** The origins of one record's layer-set values, by JSON pointer into the record (\`/rng/4\`). */
export type RecordOrigins = { readonly [pointer: string]: LayerOrigin };

/** A pack's layers and their entries as written, in the order they apply. */
export type PackLayers = readonly {
  readonly id: string;
  readonly title: string;
  readonly entries: readonly {
    readonly id: string;
    readonly kind: LayerOrigin['kind'];
    readonly target: { readonly kind: string; readonly id: string; readonly pointer: string };
    readonly value: unknown;
    readonly reason: string;
    readonly note?: string;
    readonly source?: string;
    /** An erratum's printed value: what the base transcription holds where the erratum writes. */
    readonly printed?: unknown;
  }[];
}[];
`;
}
