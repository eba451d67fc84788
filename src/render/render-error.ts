// What stops a render that is not a bug in playmark: a file outside the project, a page the
// browser could not print, a signal. The CLI prints the message on one line, without a stack.

/** A render that failed for a reason the user can act on (exit 1). */
export class RenderError extends Error {}

/** A render stopped by a signal (SIGINT, SIGTERM, SIGHUP): the outputs not yet written are as they were. */
export class RenderInterrupted extends Error {
  constructor(readonly signal: string) {
    super(`render stopped by ${signal}`);
  }
}
