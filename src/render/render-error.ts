// What stops a render that is not a bug in playmark: a file outside the project, a page the
// browser could not print, a template mistake, a signal. The CLI prints the message on one line,
// without a stack (a template mistake as a diagnostic, with its line and a caret).
import type { Diagnostic } from '../content/diagnostic.js';

/** A render that failed for a reason the user can act on (exit 1). */
export class RenderError extends Error {}

/** A mistake of the pack's author met while printing, at its file, line and column (a printable's context the module does not give). */
export class PrintDiagnosticError extends RenderError {
  constructor(readonly diagnostic: Diagnostic) {
    super(`${diagnostic.file}:${diagnostic.line}:${diagnostic.column}: [${diagnostic.code}] ${diagnostic.message}`);
  }
}

/** A mistake in a template (its syntax, a field its context lacks, an unknown helper): the author's, at the template's line and column. */
export class TemplateError extends PrintDiagnosticError {
  /** The same mistake, saying what was being drawn (`printable warchon-spreads, spread erdon-pass`). */
  during(what: string): TemplateError {
    return new TemplateError({ ...this.diagnostic, message: `${this.diagnostic.message} (while drawing ${what})` });
  }
}

/**
 * A helper given an argument it cannot use (a list where a step goes): thrown by the helper with
 * where it was called, and turned into the author's `template/helper-argument` diagnostic.
 */
export class HelperArgumentError extends RenderError {
  constructor(
    message: string,
    readonly at: { readonly line: number; readonly column: number } | undefined,
    /** How to fix it, when the code's own hint (about cellMark) is not the one. */
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** `render --strict`: text cut off in its box (render.ts overflowWarning), every one of them; the outputs are written. */
export class TextCutOffError extends RenderError {
  constructor(readonly cutOff: readonly string[]) {
    super(`${cutOff.length} face${cutOff.length === 1 ? ' has' : 's have'} text cut off (--strict): ${cutOff.join('; ')}`);
  }
}

/** A render stopped by a signal (SIGINT, SIGTERM, SIGHUP): the outputs not yet written are as they were. */
export class RenderInterrupted extends Error {
  constructor(readonly signal: string) {
    super(`render stopped by ${signal}`);
  }
}
