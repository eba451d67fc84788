// After Chromium: exact page boxes, fixed metadata and a document ID from the content, so a PDF is
// exactly its paper size and the same content always gives the same bytes.
//
// Chromium rounds page sizes (an A4 page comes out 594.96 x 841.92 pt). compose.ts prints on pages
// 1 mm larger than asked; here each page's content is moved down so its top-left corner stays put,
// and the MediaBox and CropBox are set to the exact size (A4 595.28 x 841.89 pt, Letter 612 x 792
// pt). TrimBox and BleedBox are the page unless the page says otherwise (print-on-demand cards).
import { createHash } from 'node:crypto';
import { PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import type { PageBox } from './compose.js';
import type { Rect } from './impose.js';

export const PT_PER_MM = 72 / 25.4;

export interface FinishOptions {
  readonly title: string;
  /** playmark's name and version, written as the Creator. */
  readonly creator: string;
  /** Hashed into the document ID: the same key, the same ID. */
  readonly key: string;
  /** The date written as CreationDate and ModDate (fixed, so the bytes are reproducible). */
  readonly date: Date;
}

/** A fixed date for PDF metadata: $SOURCE_DATE_EPOCH when set (reproducible-builds.org), else 2000-01-01. */
export function fixedDate(env: NodeJS.ProcessEnv = process.env): Date {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  return Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date(Date.UTC(2000, 0, 1));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Millimetres to points, to two decimals. */
export function pt(mm: number): number {
  return round2(mm * PT_PER_MM);
}

export async function finishPdf(bytes: Uint8Array, pages: readonly PageBox[], o: FinishOptions): Promise<Uint8Array> {
  // Parsed and written in one go: pdf-lib's default yields to the event loop every 100 objects read
  // and 50 written, which costs more than the work on a document this size.
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: Infinity });
  const printed = doc.getPages();
  if (printed.length !== pages.length) {
    throw new Error(`Chromium printed ${printed.length} pages where ${pages.length} were laid out (a face larger than its page spills over)`);
  }
  printed.forEach((p, i) => {
    const box = pages[i]!;
    // Points to two decimals, as paper sizes are quoted (A4 595.28 x 841.89): 0.004 mm at most.
    const w = pt(box.size.width);
    const h = pt(box.size.height);
    const printedHeight = p.getMediaBox().height;
    // Keep the top-left corner where it was: PDF's origin is bottom-left.
    p.translateContent(0, -(printedHeight - h));
    p.setMediaBox(0, 0, w, h);
    p.setCropBox(0, 0, w, h);
    const toPdf = (r: Rect) => [pt(r.x), round2(h - pt(r.y) - pt(r.height)), pt(r.width), pt(r.height)] as const;
    p.setBleedBox(...(box.bleed ? toPdf(box.bleed) : ([0, 0, w, h] as const)));
    p.setTrimBox(...(box.trim ? toPdf(box.trim) : ([0, 0, w, h] as const)));
    p.setArtBox(...(box.trim ? toPdf(box.trim) : ([0, 0, w, h] as const)));
  });
  doc.setTitle(o.title);
  doc.setCreator(o.creator);
  doc.setProducer(o.creator);
  doc.setCreationDate(o.date);
  doc.setModificationDate(o.date);
  const id = createHash('sha256').update(o.key).digest('hex').slice(0, 32).toUpperCase();
  doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
  doc.catalog.set(PDFName.of('Lang'), PDFString.of('en'));
  return doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false, objectsPerTick: Infinity });
}
