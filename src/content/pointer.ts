// JSON pointers (RFC 6901) for layer targets. `-` as the last step appends to an array.

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`a JSON pointer starts with "/": ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function formatPointer(steps: readonly (string | number)[]): string {
  return steps.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

export type SetResult<T> =
  | { ok: true; root: T; steps: (string | number)[] }
  /** `missing`: the step that names nothing, and the list or mapping it was looked up in. */
  | { ok: false; reason: string; missing?: { step: string; parent: unknown } };

/**
 * Returns `root` with `value` set at `pointer`, without changing any list or mapping it does not
 * own: those along the pointer are copied once (and added to `owned`), the rest is shared. Pass
 * the same `owned` set for every change to one record, so later changes reuse the copies.
 * The parent must exist. `steps` are the concrete steps, with `-` resolved to the index appended.
 */
export function withValueAt<T>(root: T, pointer: string, value: unknown, owned: Set<object>): SetResult<T> {
  const raw = parsePointer(pointer);
  if (raw.length === 0) return { ok: false, reason: 'the pointer names the whole record; set its fields one by one' };
  // Check the whole path first, so a bad pointer copies nothing.
  const steps: (string | number)[] = [];
  let node: unknown = root;
  for (let i = 0; i < raw.length - 1; i++) {
    const next = child(node, raw[i]!);
    if (next === undefined) return { ok: false, reason: `"${formatPointer([...steps, raw[i]!])}" does not exist`, missing: { step: raw[i]!, parent: node } };
    steps.push(Array.isArray(node) ? Number(raw[i]) : raw[i]!);
    node = next.value;
  }
  const last = raw[raw.length - 1]!;
  if (Array.isArray(node)) {
    if (last === '-') steps.push(node.length);
    else if (/^(0|[1-9]\d*)$/.test(last) && Number(last) < node.length) steps.push(Number(last));
    else return { ok: false, reason: `index ${last} is outside the list of ${node.length} (use "-" to append)` };
  } else if (node !== null && typeof node === 'object') steps.push(last);
  else return { ok: false, reason: `"${formatPointer(steps)}" is ${node === null ? 'null' : 'not a list or mapping'}, so nothing can be set inside it` };

  const own = (container: object): Record<string | number, unknown> => {
    if (owned.has(container)) return container as Record<string | number, unknown>;
    const copy = (Array.isArray(container) ? [...container] : { ...container }) as Record<string | number, unknown>;
    owned.add(copy);
    return copy;
  };
  const newRoot = own(root as object);
  let parent = newRoot;
  for (let i = 0; i < steps.length - 1; i++) {
    const copy = own(parent[steps[i]!] as object);
    parent[steps[i]!] = copy;
    parent = copy;
  }
  parent[steps[steps.length - 1]!] = value;
  return { ok: true, root: newRoot as T, steps };
}

function child(node: unknown, step: string): { value: unknown } | undefined {
  if (Array.isArray(node)) {
    if (!/^(0|[1-9]\d*)$/.test(step) || Number(step) >= node.length) return undefined;
    return { value: node[Number(step)] };
  }
  if (node !== null && typeof node === 'object' && Object.hasOwn(node, step)) {
    return { value: (node as Record<string, unknown>)[step] };
  }
  return undefined;
}

/** The value at `steps` inside `root`, or undefined when the way is missing. */
export function valueAt(root: unknown, steps: readonly (string | number)[]): unknown {
  let node = root;
  for (const step of steps) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[step];
  }
  return node;
}
