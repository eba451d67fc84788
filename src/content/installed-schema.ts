/**
 * A project's schema may name playmark's own as an editor finds them once playmark is installed,
 * `../../node_modules/playmark/schemas/common/defs.schema.json` from `schemas/<pack>/`: that is
 * `common/defs.schema.json` of the schema set, as validation (schemas.ts), `new` (new-record.ts)
 * and codegen read it. `target` is a schema path relative to the schema roots, normalised (its
 * leading `../` may have been dropped at the root, as `new` joins paths).
 */
export function installedSchema(target: string): string {
  return /^(?:\.\.\/)*node_modules\/playmark\/schemas\/(.+)$/.exec(target)?.[1] ?? target;
}
