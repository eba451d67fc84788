// Each card face as a PNG at a print resolution: the card and its bleed, at --dpi (300 or 600),
// taken by Chromium at a device scale factor of dpi / 96, with the resolution written in the file.
import type { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { documentShell, faceHtml, page, placed, type PrintOptions } from './compose.js';
import { paletteCss } from './document.js';
import type { Templates } from './handlebars.js';
import { cardSize } from './impose.js';
import { inertPage } from './inert.js';
import type { CardPrintable } from './printable.js';

export interface PngFile {
  /** File name inside the printable's folder: `00-<label>.png`, `back.png`. */
  readonly name: string;
  readonly data: Uint8Array;
}

/** The document the PNGs are taken from: one section per distinct face (copies once), then the back. */
export interface PngDocument {
  readonly html: string;
  readonly names: string[];
  /** Each image's size in pixels. */
  readonly pixels: { readonly width: number; readonly height: number };
}

/**
 * Chromium's element screenshots round to whole CSS pixels, which at 300 dpi (3.125 device pixels
 * to one) are not whole image pixels. So each face sits at the top-left of a box whose sides are
 * multiples of 8 CSS pixels (whole device pixels at 300 and 600 dpi), and is cut out of its shot.
 */
const SHOT_UNIT = 8;

export function pngDocument(templates: Templates, p: CardPrintable, o: PrintOptions, dpi: number): PngDocument {
  const card = cardSize(p, o.card).size;
  const b = o.bleed;
  // Each image is a whole number of pixels: the card and its bleed, rounded to the nearest pixel.
  const whole = (mmValue: number) => (Math.round((mmValue / 25.4) * dpi) * 25.4) / dpi;
  const size = { width: whole(card.width + 2 * b), height: whole(card.height + 2 * b) };
  const pixels = { width: Math.round((size.width / 25.4) * dpi), height: Math.round((size.height / 25.4) * dpi) };
  const unit = (mmValue: number) => Math.ceil(((mmValue / 25.4) * 96) / SHOT_UNIT + 1e-6) * SHOT_UNIT;
  const shot = (html: string) => `<div class="pm-shot" style="width:${unit(size.width)}px;height:${unit(size.height)}px;overflow:hidden">${html}</div>`;
  const at = { trim: { x: b, y: b, ...card }, bleed: { top: b, right: b, bottom: b, left: b }, rotate: 0 as const };
  const names: string[] = [];
  const pages = p.faces.map((face, i) => {
    names.push(`${String(i + 1).padStart(2, '0')}-${slug(face.label)}.png`);
    return { box: { size, side: 'front' as const }, html: shot(page(size, placed(at, faceHtml(templates, p, face), b, 'front'))) };
  });
  if (p.back) {
    names.push('back.png');
    const back = faceHtml(templates, { ...p, template: p.back.template }, { context: p.back.context, marks: {}, footnotes: [], copies: 1, label: 'back' });
    pages.push({ box: { size, side: 'front' }, html: shot(page(size, placed(at, back, b, 'back'))) });
  }
  return { html: documentShell(templates, p.pack, p.title, pages, o.inkSaver, paletteCss(p.game)), names, pixels };
}

export async function renderPngs(browser: Browser, doc: PngDocument, dpi: number): Promise<PngFile[]> {
  const tab = await inertPage(browser, {
    deviceScaleFactor: dpi / 96,
    viewport: { width: Math.ceil((doc.pixels.width * 96) / dpi / SHOT_UNIT + 1) * SHOT_UNIT, height: 800 },
  });
  try {
    await tab.setContent(doc.html, { waitUntil: 'load' });
    await tab.evaluate('document.fonts.ready.then(() => true)');
    const shots = tab.locator('.pm-shot');
    const out: PngFile[] = [];
    for (const [i, name] of doc.names.entries()) {
      const shot = await shots.nth(i).screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
      out.push({ name, data: withDpi(crop(shot, doc.pixels.width, doc.pixels.height), dpi) });
    }
    return out;
  } finally {
    await tab.close();
  }
}

/** The top-left `width` x `height` pixels of a PNG, as a PNG. */
export function crop(png: Uint8Array, width: number, height: number): Uint8Array {
  const source = PNG.sync.read(Buffer.from(png));
  if (source.width === width && source.height === height) return png;
  const out = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    const from = y * source.width * 4;
    out.data.set(source.data.subarray(from, from + Math.min(width, source.width) * 4), y * width * 4);
  }
  return PNG.sync.write(out, { colorType: 6 });
}

/** A file-name-safe form of a label: lower case, letters, digits and dashes. */
export function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'face'
  );
}

/** Writes the resolution into a PNG (a pHYs chunk after IHDR), so image tools print it at its size. */
export function withDpi(png: Uint8Array, dpi: number): Uint8Array {
  const perMetre = Math.round(dpi / 0.0254);
  const body = new Uint8Array(13);
  const view = new DataView(body.buffer);
  body.set([0x70, 0x48, 0x59, 0x73]); // "pHYs"
  view.setUint32(4, perMetre);
  view.setUint32(8, perMetre);
  body[12] = 1; // unit: metre
  const chunk = new Uint8Array(4 + 13 + 4);
  const cv = new DataView(chunk.buffer);
  cv.setUint32(0, 9);
  chunk.set(body, 4);
  cv.setUint32(17, crc32(body));
  const ihdrEnd = 8 + 4 + 4 + 13 + 4;
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, ihdrEnd), 0);
  out.set(chunk, ihdrEnd);
  out.set(png.subarray(ihdrEnd), ihdrEnd + chunk.length);
  return out;
}

let table: Uint32Array | undefined;

export function crc32(bytes: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of bytes) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
