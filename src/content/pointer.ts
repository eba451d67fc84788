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

export type SetResult = { ok: true; steps: (string | number)[] } | { ok: false; reason: string; validDepth: number };

/**
 * Sets `value` at `pointer` inside `root` (mutating it). The parent must exist. Returns the
 * concrete steps taken (with `-` resolved to the index appended), or why it could not.
 */
export function setAtPointer(root: unknown, pointer: string, value: unknown): SetResult {
  const raw = parsePointer(pointer);
  if (raw.length === 0) return { ok: false, reason: 'the pointer names the whole record; set its fields one by one', validDepth: 0 };
  let node: unknown = root;
  const steps: (string | number)[] = [];
  for (let i = 0; i < raw.length - 1; i++) {
    const step = raw[i]!;
    const next = child(node, step);
    if (next === undefined) return { ok: false, reason: `"${formatPointer([...steps, step])}" does not exist`, validDepth: i };
    steps.push(Array.isArray(node) ? Number(step) : step);
    node = next.value;
  }
  const last = raw[raw.length - 1]!;
  if (Array.isArray(node)) {
    if (last === '-') {
      node.push(value);
      return { ok: true, steps: [...steps, node.length - 1] };
    }
    if (!/^(0|[1-9]\d*)$/.test(last) || Number(last) >= node.length) {
      return { ok: false, reason: `index ${last} is outside the list of ${node.length} (use "-" to append)`, validDepth: raw.length - 1 };
    }
    node[Number(last)] = value;
    return { ok: true, steps: [...steps, Number(last)] };
  }
  if (node !== null && typeof node === 'object') {
    (node as Record<string, unknown>)[last] = value;
    return { ok: true, steps: [...steps, last] };
  }
  return { ok: false, reason: `"${formatPointer(steps)}" is ${node === null ? 'null' : 'not a list or mapping'}, so nothing can be set inside it`, validDepth: raw.length - 1 };
}

function child(node: unknown, step: string): { value: unknown } | undefined {
  if (Array.isArray(node)) {
    if (!/^(0|[1-9]\d*)$/.test(step) || Number(step) >= node.length) return undefined;
    return { value: node[Number(step)] };
  }
  if (node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, step)) {
    return { value: (node as Record<string, unknown>)[step] };
  }
  return undefined;
}
