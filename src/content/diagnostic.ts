import { CODES, type DiagnosticCode, type Severity } from './codes.js';

/** One problem found in the content: the only error type the content layer reports. */
export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  readonly message: string;
  readonly hint: string;
  /** Path of the file, relative to the working directory, with forward slashes. */
  readonly file: string;
  /** 1-based line and column of the offending key or value. */
  readonly line: number;
  readonly column: number;
  /** The text of that line, for showing with a caret. */
  readonly sourceLine: string;
}

/** A step in a path into a YAML document: a mapping key or a sequence index. */
export type PathStep = string | number;

/**
 * A diagnostic not yet placed in its file. Checks report where a problem is by path, cheaply;
 * positions are looked up only for files that have problems (see locate.ts).
 */
export interface PendingDiagnostic {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly hint?: string;
  /** Absolute path of the file. */
  readonly file: string;
  /** Where in the file: a path into the document, or a known position. */
  readonly path?: readonly PathStep[];
  /** Point at the mapping key rather than its value (for unknown or duplicate keys). */
  readonly atKey?: boolean;
  /** A position known already (YAML syntax errors): 0-based offset into the text. */
  readonly offset?: number;
  /** Override the catalogue severity (for `--strict`-independent rules, never used to soften). */
  readonly severity?: Severity;
}

export function pending(
  code: DiagnosticCode,
  file: string,
  message: string,
  where: { path?: readonly PathStep[]; atKey?: boolean; offset?: number; hint?: string } = {},
): PendingDiagnostic {
  return { code, file, message, ...where };
}

export function severityOf(d: PendingDiagnostic): Severity {
  return d.severity ?? CODES[d.code].severity;
}

export function hintOf(d: PendingDiagnostic): string {
  return d.hint ?? CODES[d.code].hint;
}

/** Sort diagnostics by file, line and column, so output is stable. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.column - b.column || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}
