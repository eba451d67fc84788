// Why a content operation (new, fmt) will not do what it was asked, with what would fix it. A
// refusal of the request (an id taken, an unknown layer, a path with no content) is the caller's
// to fix, `usage`; any other is the pack's (its manifest, schemas or a layer file), as validate
// would report it. The CLI prints the first as a usage error (exit 2), the other with exit 1.
export class Refusal extends Error {
  constructor(
    message: string,
    readonly hint: string,
    readonly usage: boolean,
  ) {
    super(message);
  }
}

/** The file system refused to write `file` (no space, permission denied...): `failure` is its error. */
export class WriteFailed extends Error {
  constructor(
    readonly file: string,
    readonly failure: unknown,
  ) {
    super(`cannot write ${file}`);
  }
}
