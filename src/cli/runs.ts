// The rules each pack's game runs (its rules module's maps), for the commands that count coverage:
// validate, lint, build and coverage. A pack without a game runs nothing; a rules module that
// cannot be loaded is reported as the pack's problem (a diagnostic at pack.yaml's `game`), exit 1.
import { rulesModuleOf, type GameDecl } from '../content/game-module.js';
import { NO_ENGINE, rulesRunOf, type PackRuns } from '../engine/coverage.js';
import { GameNotFound } from '../engine/games.js';
import { formatDiagnosticText } from './format.js';
import { packDiagnostic } from './game.js';
import { EXIT, type Io } from './io.js';

/**
 * The maps of each pack's game, by pack id; undefined after reporting a rules module that cannot
 * load. Only `coverage` (with `ownCode`) loads a pack's own rules module: validate, lint and build
 * read a pack from anyone and run none of its code, so they count only playmark's own games and say
 * so for the rest.
 */
export async function runsByPack(
  io: Io,
  packs: readonly { readonly id: string; readonly dir: string; readonly game?: GameDecl }[],
  options: { readonly ownCode?: boolean } = {},
): Promise<ReadonlyMap<string, PackRuns> | undefined> {
  const out = new Map<string, PackRuns>();
  for (const pack of packs) {
    const rules = rulesModuleOf(pack);
    if (rules && !rules.playmarks && !options.ownCode) {
      io.err(
        `${pack.id}: the rules its game plays are not counted here, as its game module is the pack's own code, which this command never runs; \`playmark coverage ${pack.id}\` counts them.\n`,
      );
      out.set(pack.id, NO_ENGINE);
      continue;
    }
    try {
      out.set(pack.id, await rulesRunOf(rules?.url, pack.id));
    } catch (error) {
      if (!(error instanceof GameNotFound)) throw error;
      io.err(formatDiagnosticText(packDiagnostic(error, pack.dir, pack.game?.rules ? 'rules' : 'module', io.cwd), { color: io.color }) + '\n');
      io.exitCode = EXIT.content;
      return undefined;
    }
  }
  return out;
}
