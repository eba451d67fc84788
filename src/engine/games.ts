// Loading the game that plays a pack. A pack names its game module in its pack.yaml (`game:
// { module }`), the built-in packs as a designer's does (`playmark/games/warchon`): there is no list
// of games here. A game is named by a `GameRef`, plain data that can cross to a worker thread: the
// module's file URL and the name of its `Game` export (`game`); src/content/game-module.ts makes one
// from a pack's manifest. A program may also register a game for a pack id (`registerGame`).
// Each module is imported once per process (or worker thread), only when a game is played.
import type { Game, GameMove, GameState } from './core/game.js';

/** Any game: its content, state and move types are its own business. */
export type AnyGame = Game<any, GameState, GameMove>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A game: the pack it plays, the module (a file URL) that exports it, and the export's name. */
export type GameRef = { readonly pack: string; readonly module: string; readonly export: string };

/** Games registered at run time (tests, embedding programs), by pack id. */
const registered = new Map<string, GameRef & { readonly module: string }>();
const loaded = new Map<string, Promise<AnyGame>>();

/** A game could not be loaded: not registered, its module missing or failing, or exporting no game. `code` is the diagnostic code. */
export class GameNotFound extends Error {
  constructor(
    message: string,
    readonly code: 'game/load-failed' | 'game/no-game',
  ) {
    super(message);
  }
}

/** The pack ids with a registered game, sorted. */
export function gamePacks(): string[] {
  return [...registered.keys()].sort();
}

/** True when a game is registered for `pack`; its module may still fail to load. */
export function hasGame(pack: string): boolean {
  return registered.has(pack);
}

/**
 * Registers a game for `pack`, from a JavaScript module (a file URL) and the name of its `Game`
 * export, replacing any game the pack had. Worker threads load it from the same module.
 */
export function registerGame(pack: string, module: string, exportName: string): void {
  registered.set(pack, { pack, module, export: exportName });
  loaded.delete(pack);
}

/** The reference to the game registered for `pack`. */
export function gameRef(pack: string): GameRef {
  const ref = registered.get(pack);
  if (!ref) throw new GameNotFound(`no game is registered for "${pack}" (registered: ${gamePacks().join(', ') || 'none'})`, 'game/no-game');
  return ref;
}

/** The game a reference names, imported on first use. */
export function loadGame(ref: GameRef | string): Promise<AnyGame> {
  let r: GameRef;
  try {
    r = typeof ref === 'string' ? gameRef(ref) : ref;
  } catch (error) {
    return Promise.reject(error);
  }
  const key = `${r.module}#${r.export}`;
  let game = loaded.get(key);
  if (!game) {
    game = importModule(r.module, r.pack).then((m) => exported(m, r.export, r.pack));
    loaded.set(key, game);
    game.catch(() => loaded.delete(key));
  }
  return game;
}

async function importModule(specifier: string, pack: string): Promise<Record<string, unknown>> {
  try {
    return (await import(specifier)) as Record<string, unknown>;
  } catch (error) {
    // The module is the designer's code: whatever it throws while loading is theirs to fix, not ours.
    const missing = (error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND';
    throw new GameNotFound(
      `the game module of "${pack}" (${fileOf(specifier)}) ${missing ? 'is missing' : 'cannot be loaded'}: ${firstLine(error)}`,
      'game/load-failed',
    );
  }
}

function fileOf(url: string): string {
  return url.startsWith('file:') ? decodeURIComponent(new URL(url).pathname) : url;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).split('\n')[0]!;
}

function exported(module: object, name: string, pack: string): AnyGame {
  const game = (module as Record<string, unknown>)[name] as AnyGame | undefined;
  if (!game || typeof game.setup !== 'function' || typeof game.legalMoves !== 'function' || typeof game.play !== 'function') {
    throw new GameNotFound(`the module for "${pack}" exports no game named ${name} (an object with setup, legalMoves and play)`, 'game/no-game');
  }
  return game;
}
