// Values as TypeScript literals: JSON with every object's keys sorted, so the text depends only
// on the content, never on the order a file or a layer wrote it in.

export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(obj)
      .sort(compareText)
      .map((k) => [k, sortKeys(obj[k])]),
  );
}

/** A literal for `value`, keys sorted, indented by two spaces and starting at `indent`. */
export function literal(value: unknown, indent = ''): string {
  return JSON.stringify(sortKeys(value), null, 2).replace(/\n/g, `\n${indent}`);
}

/** Code-unit order: the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
