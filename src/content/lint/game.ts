import path from 'node:path';
import { resolveGameModule } from '../game-module.js';
import type { LintCheck } from './context.js';

/**
 * game/module-missing: the modules pack.yaml's `game` names are there, inside the project or an
 * installed package. Only resolved, never imported: validating runs no code of the pack.
 */
export const gameModule: LintCheck = (ctx) => {
  const game = ctx.manifest.game;
  if (!game) return;
  const dir = path.dirname(ctx.manifestFile);
  for (const field of ['module', 'rules'] as const) {
    const specifier = game[field];
    if (specifier === undefined) continue;
    const found = resolveGameModule(dir, specifier);
    if (!found.ok)
      ctx.atManifest(
        'game/module-missing',
        ['game', field],
        `The game ${field === 'module' ? 'module' : 'rules module'} "${specifier}" cannot be found: ${found.why}.`,
      );
  }
};
