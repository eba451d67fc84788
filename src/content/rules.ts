import type { EffectiveRecord, Json } from './model.js';
import { formatPointer } from './pointer.js';

/** A rule of a pack: printed text with structured effects, and whether the engine can run it. */
export interface RuleInfo {
  readonly kind: string;
  readonly id: string;
  /** Where the rule sits in its record (JSON pointer). */
  readonly pointer: string;
  readonly text: string;
  /** No `manual` effect anywhere in it. */
  readonly executable: boolean;
  /** The notes of its `manual` effects: what the vocabulary lacks. */
  readonly manual: readonly string[];
}

export interface RuleCoverage {
  /** Rules with structured effects (text plus `effects`). */
  readonly rules: number;
  /** Of those, rules the engine can run: no `manual` effect anywhere in them. */
  readonly executable: number;
}

/** Every object with `effects` in the records: the rules, in record order. */
export function collectRules(records: readonly EffectiveRecord[]): RuleInfo[] {
  const out: RuleInfo[] = [];
  // One path stack for the whole walk (pushed and popped), copied only for the rules found.
  const path: (string | number)[] = [];
  for (const record of records) {
    const visit = (value: Json): void => {
      if (value === null || typeof value !== 'object') return;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          path.push(i);
          visit(value[i]!);
          path.pop();
        }
        return;
      }
      if (Array.isArray(value.effects)) {
        const manual = manualNotes(value.effects);
        const text = typeof value.text === 'string' ? value.text : typeof value.name === 'string' ? value.name : '';
        out.push({ kind: record.kind, id: record.id, pointer: formatPointer(path), text, executable: manual.length === 0, manual });
        return;
      }
      for (const key in value) {
        path.push(key);
        visit(value[key]!);
        path.pop();
      }
    };
    visit(record.data);
  }
  return out;
}

export function ruleCoverage(rules: readonly RuleInfo[]): RuleCoverage {
  return { rules: rules.length, executable: rules.filter((r) => r.executable).length };
}

function manualNotes(value: Json): string[] {
  if (Array.isArray(value)) return value.flatMap(manualNotes);
  if (value === null || typeof value !== 'object') return [];
  if (value.kind === 'manual') return [typeof value.note === 'string' ? value.note : 'manual'];
  return Object.values(value).flatMap(manualNotes);
}
