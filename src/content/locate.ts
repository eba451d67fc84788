import { createRequire } from 'node:module';
import path from 'node:path';
import type { Node } from 'yaml';

// The `yaml` package finds where a value sits in a file: needed only for a file with a problem,
// so it is loaded then, not by every run.
const require = createRequire(import.meta.url);
let yamlModule: typeof import('yaml') | undefined;
export function yamlLib(): typeof import('yaml') {
  return (yamlModule ??= require('yaml') as typeof import('yaml'));
}

/** Above this bound on nesting, text is never handed to the `yaml` package (see `mayNestDeeperThan`). */
export const YAML_LIB_DEPTH = 500;

/**
 * Above this size, text is never handed to the `yaml` package either: it builds a node per value
 * and takes seconds and a gigabyte on a few megabytes (a 3 MB flow list: 15 s). Content files are
 * far smaller (the largest shipped one is 50 KB); a larger file's problems get js-yaml's words.
 */
export const YAML_LIB_MAX_CHARS = 512 * 1024;

/** Whether the `yaml` package may be given this text: small enough, and surely not too deep for it. */
export function yamlLibMayRead(text: string): boolean {
  return text.length <= YAML_LIB_MAX_CHARS && !mayNestDeeperThan(text, YAML_LIB_DEPTH);
}

/**
 * True unless the text surely nests no deeper than `depth`. The `yaml` package recurses as deep as a
 * file nests; past a few thousand levels V8 can die of it (a fatal out-of-memory in its regular
 * expression compiler, which no try/catch stops), so text that might nest that deep is not given to
 * it. The bound is generous: per line, its indentation, its block indicators (`- `, `? `, `: `) and
 * the flow brackets still open (quotes not told apart, so it only ever overestimates).
 */
export function mayNestDeeperThan(text: string, depth: number): boolean {
  let flow = 0;
  let line = 0;
  let indenting = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line = 0;
      indenting = true;
      continue;
    }
    if (c === 32 && indenting) line++;
    else {
      indenting = false;
      if (c === 91 || c === 123)
        flow++; // [ {
      else if ((c === 93 || c === 125) && flow > 0)
        flow--; // ] }
      else if ((c === 45 || c === 63 || c === 58) && (text.charCodeAt(i + 1) === 32 || text.charCodeAt(i + 1) === 10)) line++; // - ? :
    }
    if (line + flow > depth) return true;
  }
  return false;
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
  private parsed: Node | null | undefined;
  private readonly lines: string[];
  /** Offset at which each line starts; found from the text alone, so a position needs no parse. */
  private starts: number[] | undefined;

  constructor(private readonly text: string) {
    this.lines = text.split(/\r?\n/);
  }

  lineCol(offset: number): { line: number; col: number } {
    const starts = (this.starts ??= lineStarts(this.text));
    const at = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: at - starts[lo]! + 1 };
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
    // A file too large or that may nest too deep for the `yaml` package: its problems are placed at its start.
    if (!yamlLibMayRead(this.text)) {
      this.parsed = null;
      return;
    }
    try {
      const doc = yamlLib().parseDocument(this.text, { uniqueKeys: false, keepSourceTokens: false });
      this.parsed = (doc.contents as Node | null) ?? null;
    } catch {
      // Anything the `yaml` package throws: place at the file's start.
      this.parsed = null;
    }
  }
}

/** The offset each line starts at: 0, then one past each line feed. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
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
