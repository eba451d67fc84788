// Warmaster's games pinned for fixed seeds: every game as simulate plays it (the full log, its bytes,
// and the games' summaries: winners, lengths, endings), with random and greedy bots. A change meant to
// leave play alone (speed work, rules moved from the procedure into data) must leave the summaries
// as they are, and the log too unless only its wording or rule keys changed; a deliberate change to
// the pack or the rules changes them, and they are then taken again, saying why. Taken on 61d680c
// (Horus hidden among twelve pieces drawn from the cup at set-up). The logs were taken again when the
// Bridge's rules became rule data (control-place, static movement limits): their lines name the new
// rules (`control-place`, `static`, `trigger` where `bridge` was); the summaries did not change.
// Taken again when the Reactors' and the destroyed areas' `no-entry` became static rules (a
// `limit-movement` with `closed`) in place of the areas' `entry`: each game logs `static` lines when
// they start to apply, and the final state's hash holds their marks; every other line, and the
// summaries, are as before.
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
      digest: '4207e72df97516dfb19a0f9a2ee870f209b03c1eb947c167296132c9a45a30bc',
      bytes: 14011617,
      summaries: '50077745282ba0f3c96af0b4c328bd23bf949b7ac0deaf4079ff405595592eae',
    });
  });

  it('30 games with greedy bots (which play every legal move to rate it) are unchanged', () => {
    expect(simulated(['greedy', 'greedy'], 0, 30)).toEqual({
      digest: '1eb0ffbd2f97bebcb1d23c98fadbf8de9848a19b09efa8187340da5fa8c050f7',
      bytes: 1992215,
      summaries: '16fabad9ef91f16d4c741718b2a66dfe8a9c520d110b6649a91dffd8b915d9c8',
    });
  });
});
