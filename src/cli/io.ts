/** Where a command writes, so tests can run commands in-process and read what they print. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  readonly color: boolean;
  readonly cwd: string;
  /** Set by a command to the exit code it wants. */
  exitCode?: number;
}

export const EXIT = { ok: 0, content: 1, usage: 2, internal: 3 } as const;

/** A mistake in how the command was called: printed without a stack, exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}
