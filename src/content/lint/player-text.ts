// print/not-for-players: text a player's face prints holds something only a maintainer can read.
// The same test runs over the data that prints (here, at lint: layer entries' notes for players, and
// the names, titles and texts of records) and over the rendered faces' text (test/player-text.test.ts),
// so a template cannot bring back what the data no longer holds.
import { pending } from '../diagnostic.js';
import type { Json } from '../model.js';
import type { LintCheck } from './context.js';

/** What a player's face must not hold, by what it is (the message names it). */
export interface NotForPlayers {
  readonly what: 'an id' | 'a JSON pointer' | 'a file name' | 'a command' | 'JSON' | 'a word about the software';
  readonly found: string;
}

const COMMANDS = 'validate|lint|render|diff|simulate|codegen|docs|coverage|new|init|setup|odds|replay|preview|fmt|export|resolve|bots|install|test|run';

const ALWAYS: readonly { what: NotForPlayers['what']; pattern: RegExp }[] = [
  // `/rng/4`, `/combatTable/rows/3`, and the path words `sides[0]`, `faces[+]` that name a value inside a record.
  { what: 'a JSON pointer', pattern: /(?<![\w/.:])\/[A-Za-z_~][\w~-]*(?:\/[\w~+-]+)+|\b[A-Za-z_]\w*\[(?:\d+|\+)\]/g },
  { what: 'a file name', pattern: /\b[\w-]+(?:\.[\w-]+)*\.(?:ya?ml|json|txt|ts|js|mjs|hbs|css|md|html|pdf)\b/g },
  { what: 'a command', pattern: new RegExp(`\\b(?:playmark|npx|npm)\\s+(?:${COMMANDS})\\b|(?<![\\w-])--[a-z][a-z-]+`, 'g') },
  { what: 'JSON', pattern: /[{[]\s*"[^"]*"\s*[:,\]]/g },
  // A hash or a generated file stem: `6c0b8e7f91001571`, `000_6c0b8e7f`.
  { what: 'an id', pattern: /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{10,}\b|\b\w+_\w+\b/g },
];

/** Words about the program, not the game; only in text a maintainer wrote (a rule text transcribed is the source's words). */
const SOFTWARE_WORDS = '\\b(?:engine|engines|test|tests|program|programs|simulation|simulations)\\b';

/**
 * What `text` holds that a player's face must not: ids of the pack's records and layer entries
 * (`ids`, only those with a hyphen: a plain word such as "heal" is also English), pointers, file
 * names, commands, JSON; with `written`, text a maintainer wrote, also words about the software
 * (except inside the pack's own names, given as `names`: "The Engine Room" is the game's).
 */
export function notForPlayers(text: string, ids: ReadonlySet<string>, options: { written?: boolean; names?: readonly string[] } = {}): NotForPlayers[] {
  const out: NotForPlayers[] = [];
  for (const m of text.matchAll(/(?<![\w-])[a-z0-9]+(?:-[a-z0-9]+)+(?![\w-])/g)) if (ids.has(m[0])) out.push({ what: 'an id', found: m[0] });
  for (const { what, pattern } of ALWAYS) for (const m of text.matchAll(pattern)) out.push({ what, found: m[0] });
  if (options.written) {
    let rest = text;
    for (const name of options.names ?? [])
      if (new RegExp(SOFTWARE_WORDS, 'i').test(name)) rest = rest.split(new RegExp(escape(name.replace(/^the /i, '')), 'gi')).join(' ');
    for (const m of rest.matchAll(new RegExp(SOFTWARE_WORDS, 'gi'))) out.push({ what: 'a word about the software', found: m[0] });
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The keys whose strings a face prints: names, titles and texts, wherever they sit in a record. */
const PRINTED = new Set(['name', 'title', 'text']);

function* printedStrings(value: Json, steps: (string | number)[] = []): Generator<{ steps: (string | number)[]; text: string }> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* printedStrings(value[i]!, [...steps, i]);
  } else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (PRINTED.has(k) && typeof v === 'string') yield { steps: [...steps, k], text: v };
      else yield* printedStrings(v, [...steps, k]);
    }
}

const said = (found: readonly NotForPlayers[]) => found.map((f) => `${f.what} ("${f.found}")`).join(', ');
const HINT =
  "Say it in the game's words: name the card, table or unit, not its id, pointer or file; keep the technical detail in the entry's `reason`, which only maintainers read.";

/** print/not-for-players over a pack's layer notes and records' printed strings. */
export const playerText: LintCheck = (ctx) => {
  const ids = new Set<string>();
  for (const r of ctx.records) if (r.id.includes('-')) ids.add(r.id);
  for (const l of ctx.layers) for (const e of l.entries) if (e.id.includes('-')) ids.add(e.id);
  const names = ctx.records.flatMap((r) => (typeof r.data.name === 'string' ? [r.data.name] : []));
  for (const layer of ctx.layers) {
    layer.entries.forEach((e, i) => {
      if (typeof e.note !== 'string') return;
      const found = notForPlayers(e.note, ids, { written: true, names });
      if (found.length > 0)
        ctx.report.add(
          pending('print/not-for-players', layer.file, `This note for players holds ${said(found)}: players read it on the errata sheet.`, {
            path: ['entries', i, 'note'],
            hint: HINT,
          }),
        );
    });
  }
  for (const record of ctx.records) {
    if (!record.valid) continue;
    for (const { steps, text } of printedStrings(record.data)) {
      // Text a layer set is a maintainer's; the rest is the source's words, transcribed.
      const pointer = steps.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
      const written = [...record.origins.keys()].some((p) => pointer === p || pointer.startsWith(`${p}/`));
      const found = notForPlayers(text, ids, { written, names });
      if (found.length > 0)
        ctx.at('print/not-for-players', record, steps, `This ${steps[steps.length - 1]} is printed for players and holds ${said(found)}.`, HINT);
    }
  }
};
