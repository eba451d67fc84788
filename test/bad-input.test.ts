// The bad-input suite (test/fixtures/bad/): every case run as a user would run it, as a real
// process in a fresh copy of its project, must give its exit status and its code, and never a
// crash: no stack trace, no "internal error", no exit 3, no hang. Time and memory are the
// benchmark's to measure (bench/bad-input.bench.js), not this test's.
import { describe, expect, it } from 'vitest';
import { loadCases, runCase } from '../scripts/bad-input.js';
import { STACK_LINE } from './helpers.js';

const cases = loadCases();

describe('bad input: each case gives its code and exit status, never a crash', () => {
  it('the suite holds at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  for (const c of cases) {
    it.concurrent(`${c.name}: ${c.about}`, { timeout: (c.timeout + 30) * 1000 }, async () => {
      const run = await runCase(c);
      const shown = `playmark ${c.run.join(' ')} (exit ${run.status}${run.signal ? `, ${run.signal}` : ''}):\n${run.output.slice(0, 4000)}`;
      expect(run.timedOut, `${shown}\nstill running after ${c.timeout} s`).toBe(false);
      expect(run.output, shown).not.toMatch(STACK_LINE);
      expect(run.output, shown).not.toContain('internal error');
      expect(run.status, shown).toBe(c.exit);
      if (c.code !== undefined) expect(run.output, shown).toContain(`[${c.code}]`);
      if (c.output !== undefined) expect(run.output, shown).toContain(c.output);
      if (c.absent !== undefined) {
        expect(run.output, shown).not.toContain(c.absent);
        for (const text of run.written) expect(text.includes(c.absent), `a file under out/ holds "${c.absent}"`).toBe(false);
      }
    });
  }
});
