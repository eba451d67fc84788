// The rule texts the packs transcribe are not part of this repository. What the transcription tests
// compare with the base records is kept in test/fixtures/source/<pack>.txt: verbatim excerpts,
// extracted once, under a header of `#` lines that says where they come from. Runs of source lines
// no test uses are each one line "[... source lines N-M left out ...]".
import { readFileSync } from 'node:fs';

/** The excerpts of a pack's rule text, without the header: what the tests read as "the rule text". */
export function sourceText(pack: string): string {
  const lines = readFileSync(new URL(`fixtures/source/${pack}.txt`, import.meta.url), 'utf8').split('\n');
  const start = lines.findIndex((l) => !l.startsWith('#'));
  if (start < 1 || lines[start] !== '') throw new Error(`test/fixtures/source/${pack}.txt: expected a header of # lines, then one blank line`);
  return lines
    .slice(start + 1)
    .join('\n')
    .replace(/\n$/, '');
}
