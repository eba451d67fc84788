import { pointerToSteps } from '../pointer-steps.js';
import { didYouMean } from '../suggest.js';
import type { LintCheck } from './context.js';

/** ref/missing: a reference (marked `x-ref` in the schema) or a side names nothing. */
export const references: LintCheck = (ctx) => {
  const sides = ctx.manifest.sides.map((s) => s.id);
  for (const record of ctx.records) {
    // A record that breaks its schema keeps the references whose own values are valid
    // (schemas.ts): they are checked too, so both kinds of error show at once.
    for (const ref of record.refs) {
      // A generic schema's `x-ref: location` also means any kind the pack checks by common/location.schema.json.
      const named = ref.kinds.flatMap((k) => [k, ...ctx.kindsWithSchema(`common/${k}.schema.json`)]);
      const kinds = [...new Set(named)].filter((k) => ctx.byKind.has(k) || ctx.manifest.kinds[k]);
      if (ctx.find(kinds, ref.id)) continue;
      const candidates = kinds.flatMap((k) => [...(ctx.byKind.get(k)?.keys() ?? [])]);
      const what = kinds.length ? kinds.join(' or ') : ref.kinds.join(' or ');
      const message = kinds.length ? `No ${what} has the id "${ref.id}".` : `"${ref.id}" refers to a ${what}, but this pack has no such kind.`;
      ctx.at('ref/missing', record, pointerToSteps(ref.pointer), message, didYouMean(ref.id, candidates));
    }
    if (!record.valid) continue;
    const side = record.data.side;
    if (typeof side === 'string' && record.kind !== 'scenario' && !sides.includes(side)) {
      ctx.at('ref/missing', record, ['side'], `No side has the id "${side}"; the manifest's sides are ${sides.join(', ')}.`, didYouMean(side, sides));
    }
  }
};
