// The answers of `resolve` for Warchon and Warmaster, written by the library without the CLI: the
// look-up in words (each value a layer set marked with its entry) and as JSON.
import { describe, expect, it } from 'vitest';
import {
  resolveCombat,
  resolveTeleport,
  resolveWarmasterCombat,
  teleportResolutionJson,
  teleportResolutionText,
  warchonResolutionJson,
  warchonResolutionText,
  warchonTables,
  warmasterResolutionJson,
  warmasterResolutionText,
  warmasterTables,
} from '../src/index.js';
import * as warchon from '../generated/content/warchon.js';
import * as warmaster from '../generated/content/warmaster.js';

describe('Warchon', () => {
  const spread = warchonTables(warchon).findSpread('erdon-pass')!;
  it('the rulebook example in words, and as JSON', () => {
    const r = resolveCombat(spread, { as: 9, ds: 7, fingers: { attacker: 5, defender: 2 } });
    expect(warchonResolutionText(r, spread)).toBe(
      [
        'Erdon Pass (spread 1, erdon-pass)',
        'Differential +2 (AS 9 - DS 7): column +2/+3.',
        'Fingers 5 (attacker) and 2 (defender): number 3.',
        'Result A1D1: the attacker takes 1 Hit, the defender takes 1 Hit.',
        '',
      ].join('\n'),
    );
    expect(warchonResolutionJson('warchon', r, spread)).toMatchObject({
      pack: 'warchon',
      spread: 'erdon-pass',
      spreadNumber: 1,
      differential: 2,
      number: 3,
      result: 'A1D1',
    });
  });

  it('marks a value a layer set with its entry', () => {
    const r = resolveCombat(spread, { as: 9, ds: 7, fingers: { attacker: 3, defender: 5 } });
    expect(warchonResolutionText(r, spread)).toContain('(reconstruction erdon-pass-crt-row-4, not printed)');
    expect(warchonResolutionJson('warchon', r, spread).origins.map((o) => o.entry)).toContain('erdon-pass-crt-row-4');
  });
});

describe('Warmaster', () => {
  const tables = warmasterTables(warmaster);
  it('attack 6, defence 3, roll 4: odds 2-1, DR, each value a ruling or reconstruction set marked', () => {
    const table = tables.combatTable();
    const r = resolveWarmasterCombat(table, { attack: 6, defence: 3, roll: 4 });
    const text = warmasterResolutionText(r, table);
    expect(text).toContain("odds 2-1, rounded in the defender's favour: column 2-1. (ruling combat-odds-rule, not printed)");
    expect(text).toContain(
      'D6 roll 4: DR, Defender routed: a defending unit is destroyed; the rest must retire. (reconstruction combat-roll-4-col-4, not printed)',
    );
    expect(warmasterResolutionJson('warmaster', r, table)).toMatchObject({ odds: '2-1', column: '2-1', roll: 4, result: 'DR', name: 'Defender routed' });
  });

  it('teleport 63 is Failure!, flagged as from a ruling', () => {
    const t = resolveTeleport(tables.teleportTable(), 63);
    expect(teleportResolutionText(t)).toContain('D66 roll 63 (61-65): Failure!');
    expect(teleportResolutionText(t)).toContain('(ruling teleport-61-65, not printed)');
    expect(teleportResolutionJson('warmaster', 'teleport', t)).toMatchObject({
      table: 'teleport',
      roll: 63,
      result: 'Failure!',
      origins: [{ entry: 'teleport-61-65', kind: 'ruling' }],
    });
  });
});
