import type { PathStep } from './diagnostic.js';

/** A JSON pointer (as Ajv reports instance paths) as path steps; numeric steps become indexes. */
export function pointerToSteps(pointer: string): PathStep[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));
}
