// Warmaster's games pinned for fixed seeds: every game as simulate plays it (the full log, its bytes,
// and the games' summaries: winners, lengths, endings), with random and greedy bots. A change meant to
// leave play alone (speed work, rules moved from the procedure into data) must leave the summaries
// as they are, and the log too unless only its wording or rule keys changed; a deliberate change to
// the pack or the rules changes them, and they are then taken again, saying why. Taken on 61d680c
// (Horus hidden among twelve pieces drawn from the cup at set-up). The logs were taken again when the
// Bridge's rules became rule data (control-place, static movement limits): their lines name the new
// rules (`control-place`, `static`, `trigger` where `bridge` was); the summaries did not change.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { simulatedDigest } from './golden-support.js';
import { loadContent, type PackContent } from '../src/content/effective.js';
import type { BotName } from '../src/engine/core/bots.js';
import type { Game, GameMove, GameState } from '../src/engine/core/game.js';
import { warmasterGame as game } from '../src/engine/warmaster/index.js';

const PACK = fileURLToPath(new URL('../content/warmaster/', import.meta.url));
const content = loadContent([PACK]).packs.get('warmaster') as PackContent;
const anyGame = game as unknown as Game<unknown, GameState, GameMove>;

const simulated = (bots: readonly BotName[], from: number, to: number) => simulatedDigest(anyGame, content, bots, from, to);

describe('Warmaster games are the same as when these digests were taken', () => {
  it('300 games with random bots, as simulate plays them (log, log bytes, winners, lengths), are unchanged', () => {
    expect(simulated(['random', 'random'], 0, 300)).toEqual({
      digest: '4ac36ad76a16888a9fb6d335337c4ec27a36ba8f38a41509b80a51b14ea0de74',
      bytes: 13910388,
      summaries: '50077745282ba0f3c96af0b4c328bd23bf949b7ac0deaf4079ff405595592eae',
    });
  });

  it('30 games with greedy bots (which play every legal move to rate it) are unchanged', () => {
    expect(simulated(['greedy', 'greedy'], 0, 30)).toEqual({
      digest: '635dcd83b7662bf694cb2e95160ec385479115e115cfb0026d0311491a5d888c',
      bytes: 1984343,
      summaries: '16fabad9ef91f16d4c741718b2a66dfe8a9c520d110b6649a91dffd8b915d9c8',
    });
  });
});
