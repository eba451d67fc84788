// The games the engine plays, by pack id: what `simulate`, `replay` and the benchmarks look up.
// Each game is imported only when asked for, so a command that plays nothing loads no game, and a
// game's module is loaded once per process (or worker thread).
//
// A game is named by a `GameRef`, plain data that can cross to a worker thread: a pack id of this
// registry, or a module (a file URL of a JavaScript module) and the name of its `Game` export. The
// second form lets a test or a program that embeds playmark play a game of its own
// (`registerGame`), in worker threads too.
import type { Game, GameMove, GameState } from './core/game.js';

/** Any game: its content, state and move types are its own business. */
export type AnyGame = Game<any, GameState, GameMove>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A game by pack id (built in), or by module URL and export name. */
export type GameRef = { readonly pack: string } | { readonly pack: string; readonly module: string; readonly export: string };

/** The built-in games by pack id, each imported on first use. */
const BUILT_IN: { readonly [pack: string]: () => Promise<AnyGame> } = {
  'archon-skirmish': async () => exported(await import('./archon-skirmish/index.js'), 'archonSkirmishGame', 'archon-skirmish'),
  warchon: async () => exported(await import('./warchon/index.js'), 'warchonGame', 'warchon'),
};

/** Games registered at run time (tests, embedding programs), by pack id. */
const registered = new Map<string, GameRef & { readonly module: string }>();
const loaded = new Map<string, Promise<AnyGame>>();

/** A game could not be loaded: not registered, or its module is missing or exports no game. */
export class GameNotFound extends Error {}

/** The pack ids with a game: the built-in ones and any registered, sorted. */
export function gamePacks(): string[] {
  return [...new Set([...Object.keys(BUILT_IN), ...registered.keys()])].sort();
}

/** True when `pack` has a game (built in or registered); its module may still fail to load. */
export function hasGame(pack: string): boolean {
  return pack in BUILT_IN || registered.has(pack);
}

/**
 * Registers a game for `pack`, from a JavaScript module (a file URL) and the name of its `Game`
 * export, replacing any game the pack had. Worker threads load it from the same module.
 */
export function registerGame(pack: string, module: string, exportName: string): void {
  registered.set(pack, { pack, module, export: exportName });
  loaded.delete(pack);
}

/** The reference that names `pack`'s game in another thread. */
export function gameRef(pack: string): GameRef {
  return registered.get(pack) ?? { pack };
}

/** The game a reference names, imported on first use. */
export function loadGame(ref: GameRef | string): Promise<AnyGame> {
  const r: GameRef = typeof ref === 'string' ? gameRef(ref) : ref;
  const key = 'module' in r ? `${r.module}#${r.export}` : r.pack;
  let game = loaded.get(key);
  if (!game) {
    game = 'module' in r ? importModule(r.module, r.pack).then((m) => exported(m, r.export, r.pack)) : builtIn(r.pack);
    loaded.set(key, game);
    game.catch(() => loaded.delete(key));
  }
  return game;
}

function builtIn(pack: string): Promise<AnyGame> {
  const load = BUILT_IN[pack];
  if (!load) return Promise.reject(new GameNotFound(`no game plays the pack "${pack}" (games: ${gamePacks().join(', ') || 'none'})`));
  return load();
}

async function importModule(specifier: string, pack: string): Promise<Record<string, unknown>> {
  try {
    return (await import(specifier)) as Record<string, unknown>;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') throw new GameNotFound(`the game module for "${pack}" is missing: ${(error as Error).message}`);
    throw error;
  }
}

function exported(module: object, name: string, pack: string): AnyGame {
  const game = (module as Record<string, unknown>)[name] as AnyGame | undefined;
  if (!game || typeof game.setup !== 'function' || typeof game.legalMoves !== 'function' || typeof game.play !== 'function') {
    throw new GameNotFound(`the module for "${pack}" exports no game named ${name}`);
  }
  return game;
}
