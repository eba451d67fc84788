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
