import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Fonts ship with the project from the npm registry (@fontsource, SIL Open Font License), embedded
// in each document as data URLs: no remote font, no dependence on the system's fonts.
const FACES = [
  { family: 'Plex Sans', pkg: '@fontsource/ibm-plex-sans', file: 'ibm-plex-sans-latin-400-normal.woff2', weight: 400, style: 'normal' },
  { family: 'Plex Sans', pkg: '@fontsource/ibm-plex-sans', file: 'ibm-plex-sans-latin-400-italic.woff2', weight: 400, style: 'italic' },
  { family: 'Plex Sans', pkg: '@fontsource/ibm-plex-sans', file: 'ibm-plex-sans-latin-600-normal.woff2', weight: 600, style: 'normal' },
  { family: 'Plex Sans', pkg: '@fontsource/ibm-plex-sans', file: 'ibm-plex-sans-latin-700-normal.woff2', weight: 700, style: 'normal' },
  { family: 'Plex Mono', pkg: '@fontsource/ibm-plex-mono', file: 'ibm-plex-mono-latin-400-normal.woff2', weight: 400, style: 'normal' },
  { family: 'Plex Mono', pkg: '@fontsource/ibm-plex-mono', file: 'ibm-plex-mono-latin-600-normal.woff2', weight: 600, style: 'normal' },
  { family: 'Cinzel', pkg: '@fontsource/cinzel', file: 'cinzel-latin-700-normal.woff2', weight: 700, style: 'normal' },
] as const;

let cached: string | undefined;

/** @font-face rules for every bundled font, as data URLs (built once per process). */
export function fontFaceCss(): string {
  if (cached !== undefined) return cached;
  const require = createRequire(import.meta.url);
  cached = FACES.map((f) => {
    const dir = path.dirname(require.resolve(`${f.pkg}/package.json`));
    const data = readFileSync(path.join(dir, 'files', f.file)).toString('base64');
    return `@font-face{font-family:'${f.family}';font-style:${f.style};font-weight:${f.weight};font-display:block;src:url(data:font/woff2;base64,${data}) format('woff2');}`;
  }).join('\n');
  return cached;
}

/** The font families a printed PDF must embed (checked by the tests with pdffonts). */
export const FONT_FAMILIES = ['Plex Sans', 'Plex Mono', 'Cinzel'] as const;

// Symbols (arrows, geometric shapes, dingbats: ➤ ▼ ★ ...) are not in the Latin fonts above. The
// print pipeline adds this font to a document only when its text uses such a character, so that
// the glyph comes from the project's fonts (Noto Sans Math and Noto Sans Symbols 2, SIL Open Font License), not from
// whatever fonts the system has. print.css lists the family after each font of the stacks.
// Noto Sans Math (one file, the whole font) draws arrows and mathematical operators.
const SYMBOL_FACES = [
  {
    pkg: '@fontsource/noto-sans-math',
    file: 'noto-sans-math-latin-400-normal.woff2',
    ranges: 'U+2190-21FF,U+2200-22FF,U+27C0-27FF,U+2900-297F,U+2980-29FF,U+2A00-2AFF',
  },
  { pkg: '@fontsource/noto-sans-symbols-2', file: 'noto-sans-symbols-2-symbols-400-normal.woff2', subset: 'symbols' },
] as const;

/** The family name of the bundled symbol font. */
export const SYMBOL_FAMILY = 'Playmark Symbols';

/** Code points (outside Latin) that the symbol font covers: arrows, technical, shapes, dingbats, misc. symbols and arrows. */
const SYMBOL_RANGES: readonly (readonly [number, number])[] = [
  [0x2190, 0x21ff],
  [0x2200, 0x22ff],
  [0x2300, 0x23ff],
  [0x2460, 0x24ff],
  [0x25a0, 0x27bf],
  [0x27c0, 0x27ff],
  [0x2900, 0x2bff],
];

let symbolCss: string | undefined;

/** @font-face rules for the symbol font (built once per process). */
export function symbolFontCss(): string {
  if (symbolCss !== undefined) return symbolCss;
  const require = createRequire(import.meta.url);
  symbolCss = SYMBOL_FACES.map((f) => {
    const dir = path.dirname(require.resolve(`${f.pkg}/package.json`));
    const ranges = 'ranges' in f ? f.ranges : (JSON.parse(readFileSync(path.join(dir, 'unicode.json'), 'utf8')) as Record<string, string>)[f.subset];
    const data = readFileSync(path.join(dir, 'files', f.file)).toString('base64');
    return `@font-face{font-family:'${SYMBOL_FAMILY}';font-style:normal;font-weight:100 900;font-display:block;src:url(data:font/woff2;base64,${data}) format('woff2');${ranges ? `unicode-range:${ranges};` : ''}}`;
  }).join('\n');
  return symbolCss;
}

/** Named entities whose characters the Latin fonts have: any other named entity may be a symbol. */
const LATIN_ENTITIES = new Set(
  'amp lt gt quot apos nbsp shy times divide minus ndash mdash hellip middot bull laquo raquo lsquo rsquo ldquo rdquo sbquo bdquo copy reg trade deg plusmn sup1 sup2 sup3 frac12 frac14 frac34 para sect cent pound euro yen prime Prime dagger Dagger permil thinsp ensp emsp zwj zwnj lrm rlm iexcl iquest ordf ordm micro not macr acute cedil uml circ tilde'.split(
    ' ',
  ),
);

/** True when an HTML text may use a character the symbol font covers (as itself, or as an entity). */
export function usesSymbols(html: string): boolean {
  const inRange = (cp: number) => SYMBOL_RANGES.some(([lo, hi]) => cp >= lo && cp <= hi);
  for (const ch of html) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x2190 && inRange(cp)) return true;
  }
  for (const m of html.matchAll(/&([a-zA-Z][a-zA-Z0-9]*);/g)) {
    if (!LATIN_ENTITIES.has(m[1]!) && !/^[a-zA-Z](grave|acute|circ|tilde|uml|ring|cedil|slash|lig)$|^(eth|ETH|thorn|THORN|szlig)$/.test(m[1]!)) return true;
  }
  for (const m of html.matchAll(/&#(x[0-9a-f]+|\d+);/gi)) {
    const cp = m[1]![0] === 'x' || m[1]![0] === 'X' ? parseInt(m[1]!.slice(1), 16) : Number(m[1]);
    if (inRange(cp)) return true;
  }
  return false;
}
