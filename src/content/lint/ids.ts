import type { LintCheck } from './context.js';
import path from 'node:path';

/** id/duplicate: two records of one kind share an id. */
export const duplicateIds: LintCheck = (ctx) => {
  const seen = new Map<string, string>();
  for (const record of ctx.records) {
    const key = `${record.kind}/${record.id}`;
    const first = seen.get(key);
    if (first !== undefined) {
      ctx.at(
        'id/duplicate',
        record,
        ['id'],
        `Another ${record.kind} has the id "${record.id}" (${path.relative(path.dirname(ctx.manifestFile), first).split(path.sep).join('/')}).`,
      );
    } else seen.set(key, record.file);
  }
};
