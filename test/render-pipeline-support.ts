// Shared by the print pipeline's tests: poppler's tools on a PDF (pdfinfo, pdftotext, pdffonts,
// pdftoppm), a browser that must exist in CI, and pixel look-ups in millimetres.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { findBrowser, launchBrowser } from '../src/render/browser.js';
import { createTemplates, type Templates } from '../src/render/handlebars.js';
import { repoRoot } from './helpers.js';

export const templates: Templates = createTemplates(path.join(repoRoot, 'templates'));

/**
 * The browser the tests print with. In CI a missing browser (or poppler) fails the tests, never
 * skips them; on a developer's machine without one the PDF tests are skipped.
 */
export const browser = (() => {
  const found = findBrowser();
  const poppler = hasCommand('pdfinfo');
  if ((!found || !poppler) && process.env.CI) {
    throw new Error(`CI must print and read PDFs: ${found ? '' : 'no headless Chromium found (apt-get install chromium-headless-shell). '}${poppler ? '' : 'no pdfinfo (apt-get install poppler-utils).'}`);
  }
  return found && poppler ? found : null;
})();

function hasCommand(cmd: string): boolean {
  try {
    execFileSync(cmd, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function tempDir(prefix = 'playmark-render-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface PdfInfo {
  readonly pages: number;
  /** Width and height in points as pdfinfo prints them, e.g. `595.28 x 841.89`. */
  readonly pageSize: string;
  readonly fields: Record<string, string>;
}

export function pdfinfo(file: string, page?: number): PdfInfo {
  const args = page === undefined ? ['-box', file] : ['-box', '-f', String(page), '-l', String(page), file];
  const text = execFileSync('pdfinfo', args, { encoding: 'utf8' });
  const fields: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([^:]+):\s+(.*)$/.exec(line);
    if (m) fields[m[1]!.replace(/^Page\s+\d+\s+/, '').trim()] = m[2]!.trim();
  }
  const size = /([\d.]+) x ([\d.]+) pts/.exec(fields['Page size'] ?? fields.size ?? '');
  return { pages: Number(fields.Pages), pageSize: size ? `${size[1]} x ${size[2]}` : '', fields };
}

/** A box from pdfinfo -box (e.g. `TrimBox`), as [x0, y0, x1, y1] in points. */
export function box(info: PdfInfo, name: string): number[] {
  return (info.fields[name] ?? '').split(/\s+/).filter(Boolean).map(Number);
}

export function pdftotext(file: string, page?: number): string {
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return execFileSync('pdftotext', [...range, '-layout', file, '-'], { encoding: 'utf8' });
}

export function pdffonts(file: string): { name: string; emb: string }[] {
  const lines = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  // name type encoding emb sub uni object ID: the name has no spaces; emb is the 4th column from the end but 3.
  return lines.map((l) => {
    const cols = l.trim().split(/\s+/);
    return { name: cols[0]!, emb: cols[cols.length - 5]! };
  });
}

/** One page of a PDF as pixels, at `dpi`; look-ups in millimetres from the top-left corner. */
export interface Raster {
  readonly width: number;
  readonly height: number;
  readonly dpi: number;
  /** The [r, g, b] at (x, y) mm. */
  at(xMm: number, yMm: number): [number, number, number];
}

export function raster(file: string, page: number, dpi = 254): Raster {
  const ppm = execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), file], { maxBuffer: 256 * 1024 * 1024 });
  // P6 header: "P6\n<w> <h>\n255\n"
  let pos = 0;
  const fields: number[] = [];
  const token = () => {
    while (/\s/.test(String.fromCharCode(ppm[pos]!))) pos++;
    const start = pos;
    while (!/\s/.test(String.fromCharCode(ppm[pos]!))) pos++;
    return ppm.subarray(start, pos).toString('latin1');
  };
  if (token() !== 'P6') throw new Error('pdftoppm did not write a P6 PPM');
  fields.push(Number(token()), Number(token()), Number(token()));
  pos++; // the single whitespace after maxval
  const [width, height] = fields as [number, number];
  const data = ppm.subarray(pos);
  const px = dpi / 25.4;
  return {
    width,
    height,
    dpi,
    at(xMm, yMm) {
      const x = Math.min(width - 1, Math.max(0, Math.floor(xMm * px)));
      const y = Math.min(height - 1, Math.max(0, Math.floor(yMm * px)));
      const i = (y * width + x) * 3;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

export const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 80 && b! < 80;
export const isGreen = ([r, g, b]: number[]) => g! > 120 && r! < 80 && b! < 80;
export const isDark = ([r, g, b]: number[]) => r! + g! + b! < 200;
export const isWhite = ([r, g, b]: number[]) => r! > 245 && g! > 245 && b! > 245;
/** The fixture card's front colour (#cfe3ff) and back colour (#ffe9c7). */
export const isFrontBlue = ([r, g, b]: number[]) => Math.abs(r! - 0xcf) < 20 && Math.abs(g! - 0xe3) < 20 && b! > 235;
export const isBackCream = ([r, g, b]: number[]) => r! > 235 && Math.abs(g! - 0xe9) < 20 && Math.abs(b! - 0xc7) < 20;

/** A browser for the tests of one describe block: launched before them, closed after. */
export function useChrome(): () => Browser {
  let chrome: Browser | undefined;
  beforeAll(async () => {
    chrome = await launchBrowser(browser!);
  }, 60_000);
  afterAll(async () => {
    await chrome?.close();
  });
  return () => chrome!;
}
