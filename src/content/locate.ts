import { createRequire } from 'node:module';
import path from 'node:path';
import type { LineCounter, Node } from 'yaml';

// The `yaml` package finds where a value sits in a file: needed only for a file with a problem,
// so it is loaded then, not by every run.
const require = createRequire(import.meta.url);
let yamlModule: typeof import('yaml') | undefined;
export function yamlLib(): typeof import('yaml') {
  return (yamlModule ??= require('yaml') as typeof import('yaml'));
}
import { hintOf, severityOf, type Diagnostic, type PathStep, type PendingDiagnostic } from './diagnostic.js';

/**
 * Places pending diagnostics in their files. Only files with problems are parsed a second time,
 * with the `yaml` package's Document (source positions); one Document is held at a time.
 */
export function locateAll(pendings: readonly PendingDiagnostic[], readText: (file: string) => string | undefined, cwd = process.cwd()): Diagnostic[] {
  const byFile = new Map<string, PendingDiagnostic[]>();
  for (const p of pendings) {
    const list = byFile.get(p.file);
    if (list) list.push(p);
    else byFile.set(p.file, [p]);
  }
  const out: Diagnostic[] = [];
  for (const [file, list] of byFile) {
    const text = readText(file) ?? '';
    const locator = new Locator(text);
    for (const p of list) {
      const offset = p.offset ?? (p.path ? locator.offsetOf(p.path, p.atKey ?? false) : 0);
      const { line, col } = locator.lineCol(offset);
      out.push({
        code: p.code,
        severity: severityOf(p),
        message: p.message,
        hint: hintOf(p),
        file: displayPath(file, cwd),
        line,
        column: col,
        sourceLine: locator.lineText(line),
      });
    }
  }
  return out;
}

export function displayPath(file: string, cwd = process.cwd()): string {
  const rel = path.relative(cwd, file);
  const shown = rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
  return shown.split(path.sep).join('/');
}

export class Locator {
  private readonly lineCounter: LineCounter = new (yamlLib().LineCounter)();
  private parsed: Node | null | undefined;
  private readonly lines: string[];

  constructor(private readonly text: string) {
    this.lines = text.split(/\r?\n/);
  }

  lineCol(offset: number): { line: number; col: number } {
    this.ensureParsed();
    if (this.lineCounter.lineStarts.length === 0) return { line: 1, col: 1 };
    const pos = this.lineCounter.linePos(Math.max(0, Math.min(offset, this.text.length)));
    return { line: pos.line, col: pos.col };
  }

  lineText(line: number): string {
    return this.lines[line - 1] ?? '';
  }

  /** Offset of the node at `steps`; the deepest existing ancestor when the path runs out. */
  offsetOf(steps: readonly PathStep[], atKey: boolean): number {
    this.ensureParsed();
    let node: unknown = this.parsed;
    let offset = rangeStart(node) ?? firstContentOffset(this.text);
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      const last = i === steps.length - 1;
      if (yamlLib().isMap(node)) {
        const pair = node.items.find((it) => yamlLib().isPair(it) && keyValue(it.key) === String(step));
        if (!pair) return offset;
        const keyStart = rangeStart(pair.key);
        if (last && atKey && keyStart !== undefined) return keyStart;
        const valueStart = rangeStart(pair.value);
        node = pair.value;
        offset = valueStart ?? keyStart ?? offset;
      } else if (yamlLib().isSeq(node)) {
        const item = typeof step === 'number' ? node.items[step] : undefined;
        if (item === undefined) return offset;
        node = item;
        offset = rangeStart(item) ?? offset;
      } else {
        return offset;
      }
    }
    return offset;
  }

  private ensureParsed(): void {
    if (this.parsed !== undefined) return;
    const doc = yamlLib().parseDocument(this.text, { lineCounter: this.lineCounter, uniqueKeys: false, keepSourceTokens: false });
    this.parsed = (doc.contents as Node | null) ?? null;
  }
}

function keyValue(key: unknown): string | undefined {
  if (yamlLib().isScalar(key)) return String(key.value);
  return undefined;
}

function rangeStart(node: unknown): number | undefined {
  if (node && typeof node === 'object' && 'range' in node) {
    const range = (node as { range?: [number, number, number] | null }).range;
    if (range) return range[0];
  }
  return undefined;
}

/** The first character that is not a comment or blank, for problems with a whole file. */
function firstContentOffset(text: string): number {
  const m = /^(?:[ \t]*(?:#.*)?\r?\n)*/.exec(text);
  return m ? Math.min(m[0].length, Math.max(0, text.length - 1)) : 0;
}
