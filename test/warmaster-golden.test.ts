// Warmaster's games pinned for fixed seeds: every game as simulate plays it (the full log, its bytes,
// and the games' summaries: winners, lengths, endings), with random and greedy bots. A change meant to
// leave play alone (speed work, rules moved from the procedure into data) must leave the summaries
// as they are, and the log too unless only its wording or rule keys changed; a deliberate change to
// the pack or the rules changes them, and they are then taken again, saying why. Taken on 61d680c
// (Horus hidden among twelve pieces drawn from the cup at set-up).
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
      digest: '2b285ac8be5d0bf9f4545316d00dffa7324c57a69375b9a9641b8b54d1c6e036',
      bytes: 13687590,
      summaries: '50077745282ba0f3c96af0b4c328bd23bf949b7ac0deaf4079ff405595592eae',
    });
  });

  it('30 games with greedy bots (which play every legal move to rate it) are unchanged', () => {
    expect(simulated(['greedy', 'greedy'], 0, 30)).toEqual({
      digest: '34ec1f33c89023419241ec765e54dcc5c58c0889bda500c97158e68b66b204ee',
      bytes: 1955038,
      summaries: '16fabad9ef91f16d4c741718b2a66dfe8a9c520d110b6649a91dffd8b915d9c8',
    });
  });
});
