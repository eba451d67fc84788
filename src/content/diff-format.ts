// How `playmark diff` prints a ContentDiff (src/content/diff.ts): text for a terminal, markdown for
// an errata changelog ready to publish, JSON for programs (stable key order: the same inputs give
// the same bytes).
import { flow, type ContentDiff, type LayerEntryChange, type LayerEntryInfo, type PackDiff, type RecordRef, type ValueChange } from './diff.js';
import type { Json } from './model.js';

export type DiffFormat = 'text' | 'markdown' | 'json';
export const DIFF_FORMATS: readonly DiffFormat[] = ['text', 'markdown', 'json'];

/** One side of a comparison, as the command found it. */
export interface DiffSide {
  /** How the side is named in the output: `HEAD (1a2b3c4)`, `the working tree`, `../old`. */
  readonly label: string;
  readonly type: 'revision' | 'working-tree' | 'folder';
  /** The revision as given (`HEAD~1`, `v1.0`), for a revision. */
  readonly revision?: string;
  /** The full commit id, for a revision. */
  readonly commit?: string;
  /** The folder, relative to the working directory, for a folder or the working tree. */
  readonly path?: string;
}

export interface DiffSides {
  readonly a: DiffSide;
  readonly b: DiffSide;
}

export function formatDiff(diff: ContentDiff, sides: DiffSides, format: DiffFormat): string {
  if (format === 'json') return JSON.stringify(diffJson(diff, sides), null, 2) + '\n';
  if (format === 'markdown') return diffMarkdown(diff, sides);
  return diffText(diff, sides);
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const recordLabel = (r: RecordRef) => `${r.kind} ${r.id}${r.name !== undefined ? ` (${r.name})` : ''}`;

/** `where: before -> after`, with `(none)` for a side without the value. */
function changeLine(c: ValueChange, arrow: string, value: (v: Json | undefined) => string = flow): string {
  return `${c.where}: ${value(c.before)} ${arrow} ${value(c.after)}`;
}

function heading(p: PackDiff, arrow: string): string {
  const side = (h: PackDiff['a']) => (h ? `${h.title} ${h.version}` : '');
  if (p.status === 'added') return `${side(p.b)} (new pack)`;
  if (p.status === 'removed') return `${side(p.a)} (pack removed)`;
  if (p.a!.title === p.b!.title) return `${p.a!.title} ${p.a!.version} ${arrow} ${p.b!.version}`;
  return `${side(p.a)} ${arrow} ${side(p.b)}`;
}

function counts(diff: ContentDiff): string {
  const n = (k: number, word: string) => `${k} ${word}${k === 1 ? '' : 's'}`;
  let changed = 0;
  let added = 0;
  let removed = 0;
  let entries = 0;
  for (const p of diff.packs) {
    changed += p.records.changed.length;
    added += p.records.added.length;
    removed += p.records.removed.length;
    entries += p.layerEntries.added.length + p.layerEntries.removed.length + p.layerEntries.changed.length;
  }
  return `${n(diff.packs.length, 'pack')} with differences: ${n(changed, 'record')} changed, ${added} added, ${removed} removed; ${n(entries, 'layer entry')} added, removed or changed.`.replace(
    'layer entrys',
    'layer entries',
  );
}

// --- text -------------------------------------------------------------------------------------------

function diffText(diff: ContentDiff, sides: DiffSides): string {
  const lines: string[] = [`Comparing ${sides.a.label} with ${sides.b.label}`, ''];
  if (diff.packs.length === 0) {
    lines.push('No differences.');
    return lines.join('\n') + '\n';
  }
  for (const p of diff.packs) {
    lines.push(`${p.id}: ${heading(p, '->')}`);
    if (p.manifest.length > 0 || p.records.changed.length > 0) {
      lines.push('  Changed');
      for (const c of p.manifest) lines.push(`    ${changeLine(c, '->')}`);
      for (const r of p.records.changed) {
        lines.push(`    ${recordLabel(r)}`);
        for (const c of r.changes) lines.push(`      ${changeLine(c, '->')}`);
      }
    }
    if (p.records.added.length > 0) {
      lines.push('  Added');
      for (const r of p.records.added) lines.push(`    ${recordLabel(r)}`);
    }
    if (p.records.removed.length > 0) {
      lines.push('  Removed');
      for (const r of p.records.removed) lines.push(`    ${recordLabel(r)}`);
    }
    const le = p.layerEntries;
    if (le.added.length + le.removed.length + le.changed.length > 0) {
      lines.push('  Layer entries');
      for (const e of le.added) lines.push(...entryText('+', 'added', e));
      for (const e of le.removed) lines.push(...entryText('-', 'removed', e));
      for (const e of le.changed) lines.push(...entryChangeText(e));
    }
    lines.push('');
  }
  lines.push(counts(diff));
  return lines.join('\n') + '\n';
}

function entryText(mark: string, what: string, e: LayerEntryInfo): string[] {
  const lines = [`    ${mark} ${e.id} (${e.kind}, layer ${e.layer}, ${what}): ${e.where} = ${flow(e.value)}`, `        reason: ${oneLine(e.reason)}`];
  if (e.note !== undefined) lines.push(`        for players: ${oneLine(e.note)}`);
  return lines;
}

function entryChangeText(c: LayerEntryChange): string[] {
  const { before: a, after: b } = c;
  const out = [`    ~ ${c.id} (${b.kind}, layer ${b.layer}, changed: ${c.fields.join(', ')}): ${b.where}`];
  for (const f of c.fields) {
    if (f === 'reason') continue;
    if (f === 'target') out.push(`        target: ${a.where} -> ${b.where}`);
    else out.push(`        ${f}: ${flow(a[f] as Json | undefined)} -> ${flow(b[f] as Json | undefined)}`);
  }
  if (c.fields.includes('reason')) out.push(`        reason (before): ${oneLine(a.reason)}`);
  out.push(`        reason: ${oneLine(b.reason)}`);
  return out;
}

// --- markdown ---------------------------------------------------------------------------------------

/** Text with markdown's inline syntax made literal. */
function md(s: string): string {
  return s.replace(/[\\`*_[\]<>|]/g, (ch) => `\\${ch}`);
}
const mdValue = (v: Json | undefined) => (v === undefined ? '(none)' : md(flow(v)));

function diffMarkdown(diff: ContentDiff, sides: DiffSides): string {
  const out: string[] = ['# Errata changelog', '', `From ${md(sides.a.label)} to ${md(sides.b.label)}.`, ''];
  if (diff.packs.length === 0) {
    out.push('No differences.', '');
    return out.join('\n');
  }
  for (const p of diff.packs) {
    out.push(`## ${md(heading(p, '→'))}`, '');
    if (p.manifest.length > 0 || p.records.changed.length > 0) {
      out.push('### Changed', '');
      for (const c of p.manifest) out.push(`- ${md(c.where)}: ${mdValue(c.before)} → ${mdValue(c.after)}`);
      for (const r of p.records.changed) {
        out.push(`- ${mdRecord(r)}`);
        for (const c of r.changes) out.push(`  - ${md(c.where)}: ${mdValue(c.before)} → ${mdValue(c.after)}`);
      }
      out.push('');
    }
    if (p.records.added.length > 0) {
      out.push('### Added', '');
      for (const r of p.records.added) out.push(`- ${mdRecord(r)}`);
      out.push('');
    }
    if (p.records.removed.length > 0) {
      out.push('### Removed', '');
      for (const r of p.records.removed) out.push(`- ${mdRecord(r)}`);
      out.push('');
    }
    const le = p.layerEntries;
    if (le.added.length + le.removed.length + le.changed.length > 0) {
      out.push('### Layer entries', '');
      for (const e of le.added) out.push(mdEntry('Added', e));
      for (const e of le.removed) out.push(mdEntry('Removed', e));
      for (const c of le.changed) out.push(...mdEntryChange(c));
      out.push('');
    }
  }
  return out.join('\n');
}

function mdRecord(r: RecordRef): string {
  return r.name !== undefined ? `**${md(r.name)}** (${r.kind} \`${r.id}\`)` : `${r.kind} \`${r.id}\``;
}

function mdEntry(what: string, e: LayerEntryInfo): string {
  const note = e.note !== undefined ? ` *For players:* ${md(oneLine(e.note))}` : '';
  return `- ${what} **${e.kind}** \`${e.id}\` (layer ${md(e.layer)}): ${md(e.where)} = ${mdValue(e.value)}. *Reason:* ${md(oneLine(e.reason))}${note}`;
}

function mdEntryChange(c: LayerEntryChange): string[] {
  const { before: a, after: b } = c;
  const out = [`- Changed **${b.kind}** \`${c.id}\` (layer ${md(b.layer)}; ${c.fields.join(', ')}): ${md(b.where)}. *Reason:* ${md(oneLine(b.reason))}`];
  for (const f of c.fields) {
    if (f === 'target') out.push(`  - target: ${md(a.where)} → ${md(b.where)}`);
    else if (f === 'reason') out.push(`  - reason before: ${md(oneLine(a.reason))}`);
    else out.push(`  - ${f}: ${mdValue(a[f] as Json | undefined)} → ${mdValue(b[f] as Json | undefined)}`);
  }
  return out;
}

// --- JSON -------------------------------------------------------------------------------------------

/** A content value with its mappings' keys sorted, so the output does not depend on key order in the YAML. */
function canonical(v: Json | undefined): Json | undefined {
  if (v === undefined || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => canonical(x)!);
  const out: { [k: string]: Json } = {};
  for (const k of Object.keys(v).sort()) out[k] = canonical(v[k])!;
  return out;
}

function sideJson(s: DiffSide): Json {
  return {
    label: s.label,
    type: s.type,
    revision: s.revision ?? null,
    commit: s.commit ?? null,
    path: s.path ?? null,
  };
}

function changeJson(c: ValueChange): Json {
  return {
    status: c.status,
    pointer: c.pointer,
    where: c.where,
    cell: c.cell ? cellJson(c.cell) : null,
    ...(c.before !== undefined ? { before: canonical(c.before)! } : {}),
    ...(c.after !== undefined ? { after: canonical(c.after)! } : {}),
  };
}

function cellJson(cell: NonNullable<ValueChange['cell']>): Json {
  if (cell.kind === 'rng') return { kind: 'rng', defender: cell.defender, attacker: cell.attacker ?? null };
  return { kind: 'combat-table', table: cell.table, row: cell.row, roll: cell.roll ?? null, column: cell.column ?? null };
}

function refJson(r: RecordRef): Json {
  return { kind: r.kind, id: r.id, name: r.name ?? null };
}

function entryJson(e: LayerEntryInfo): Json {
  return {
    id: e.id,
    layer: e.layer,
    kind: e.kind,
    target: { kind: e.target.kind, id: e.target.id, pointer: e.target.pointer },
    where: e.where,
    cell: e.cell ? cellJson(e.cell) : null,
    value: canonical(e.value)!,
    reason: e.reason,
    note: e.note ?? null,
    source: e.source ?? null,
  };
}

function packJson(p: PackDiff): Json {
  return {
    id: p.id,
    status: p.status,
    a: p.a ? { title: p.a.title, version: p.a.version } : null,
    b: p.b ? { title: p.b.title, version: p.b.version } : null,
    manifest: p.manifest.map(changeJson),
    records: {
      added: p.records.added.map(refJson),
      removed: p.records.removed.map(refJson),
      changed: p.records.changed.map((r) => ({ kind: r.kind, id: r.id, name: r.name ?? null, changes: r.changes.map(changeJson) })),
    },
    layerEntries: {
      added: p.layerEntries.added.map(entryJson),
      removed: p.layerEntries.removed.map(entryJson),
      changed: p.layerEntries.changed.map((c) => ({ id: c.id, fields: [...c.fields], before: entryJson(c.before), after: entryJson(c.after) })),
    },
  };
}

export function diffJson(diff: ContentDiff, sides: DiffSides): Json {
  return {
    a: sideJson(sides.a),
    b: sideJson(sides.b),
    differences: diff.packs.length > 0,
    packs: diff.packs.map(packJson),
    unchanged: [...diff.unchanged],
  };
}
