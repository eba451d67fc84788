// A pack's loaded content typed once, from the generated types (generated/types/, made from the
// schemas by `playmark codegen`). A game names the kinds it reads and the generated type of each
// (`WarchonRecords`: `{ spread: WarchonSpread, ... }`); `typedContent` gives the loaded content
// those types. The engine, the printables and the CLI all read a game's records through it, so
// a record's type is written in one place, and this file holds the one cast that makes it so.
import type { DeepReadonly, RecordOrigins } from '../../../generated/types/readonly.js';

/** Records of one kind by id, as the generated type of the kind's schema describes them. */
export type ById<T> = { readonly [id: string]: DeepReadonly<T> };

/** One kind's layer origins by record id (undefined: no layer touched the record). */
export type OriginsById = { readonly [id: string]: RecordOrigins | undefined };

/**
 * Any pack's loaded content, untyped: records and layer origins by kind, then id. The effective
 * content a command reads from the YAML (`PackContent`) is one, and so is a generated content
 * module (`generated/content/<pack>.ts`).
 */
export interface LoadedKinds {
  readonly records: { readonly [kind: string]: unknown };
  readonly origins: { readonly [kind: string]: unknown };
}

/** A pack's loaded content as a game receives it: the manifest's id and sides, and its records and origins. */
export interface LoadedPack extends LoadedKinds {
  readonly pack: { readonly id: string; readonly sides: readonly { readonly id: string }[] };
}

/**
 * A pack's records and origins with the kinds `R` names typed by their generated types (`R` maps
 * a kind to the generated type of its schema). A kind the pack lacks is absent.
 */
export interface PackContentOf<R> {
  readonly records: { readonly [K in keyof R]?: ById<R[K]> };
  readonly origins: { readonly [K in keyof R]?: OriginsById };
}

/**
 * `content` (the same object, so caches keyed by it still hit) seen through the generated types
 * of the kinds `R` names. This cast is the only place loaded content takes those types, and it is
 * sound: a pack is loaded only when every record validated against its kind's schema on this run
 * (content with errors is never loaded), and the generated types are made from those schemas
 * (`playmark codegen --check` keeps them in step). The game's caller picks the kinds by schema.
 */
export function typedContent<R>(content: LoadedKinds): PackContentOf<R> {
  return content as unknown as PackContentOf<R>;
}

/** The records of one kind, typed; empty when the pack lacks the kind. */
export function recordsOfKind<R, K extends keyof R>(content: PackContentOf<R>, kind: K): ById<R[K]> {
  return content.records[kind] ?? {};
}

/**
 * `compile` run once per content object and scenario id (none: '' , the game's default scenario):
 * a game compiles its rules from the content on first use and reads the result on every move.
 */
export function compiledPerScenario<C extends object, R>(compile: (content: C, scenarioId: string | undefined) => R): (content: C, scenarioId?: string) => R {
  const compiled = new WeakMap<C, Map<string, R>>();
  return (content, scenarioId) => {
    let byScenario = compiled.get(content);
    if (!byScenario) compiled.set(content, (byScenario = new Map()));
    const key = scenarioId ?? '';
    let rules = byScenario.get(key);
    if (rules === undefined) byScenario.set(key, (rules = compile(content, scenarioId)));
    return rules;
  };
}
