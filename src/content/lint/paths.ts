import { asArray, type LintCheck } from './context.js';

/** path/one-way: a spread's path leads to a spread that prints no path back. */
export const oneWayPaths: LintCheck = (ctx) => {
  for (const spread of ctx.ofKind('spread')) {
    asArray(spread.data.paths).forEach((target, index) => {
      if (typeof target !== 'string') return;
      const other = ctx.byKind.get('spread')?.get(target);
      if (!other?.valid) return; // ref/missing reports it
      const back = asArray(other.data.paths);
      if (!back.includes(spread.id)) {
        ctx.at('path/one-way', spread, ['paths', index], `${spread.id} has a path to ${target}, but ${target} has no path back to ${spread.id}.`);
      }
    });
  }
};
