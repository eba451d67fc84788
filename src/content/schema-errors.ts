// Ajv's errors in plain words: one problem per real mistake, at the key or value it is about,
// with the allowed values and the nearest one ("did you mean", only when it is close).
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { DiagnosticCode } from './codes.js';
import type { PathStep } from './diagnostic.js';
import { pointerToSteps } from './pointer-steps.js';
import { nearest } from './suggest.js';

export interface SchemaProblem {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly hint?: string;
  readonly path: readonly PathStep[];
  readonly atKey: boolean;
}

/** Turns Ajv's errors into plain-words problems, one per real mistake. */
export function explain(errors: readonly ErrorObject[], data: unknown): SchemaProblem[] {
  // A failed oneOf/anyOf reports every branch's errors too; keep only the summary.
  const variantPaths = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').map((e) => e.schemaPath + '/');
  // A tagged object without its tag reports both `required` and `discriminator`; keep the latter.
  const tagged = new Set(errors.filter((e) => e.keyword === 'discriminator').map((e) => `${e.instancePath}|${String((e.params as { tag?: string }).tag)}`));
  const kept = errors.filter(
    (e) =>
      !variantPaths.some((p) => e.schemaPath.startsWith(p)) &&
      // `propertyNames` repeats the error already reported for the key itself.
      e.keyword !== 'propertyNames' &&
      !(e.keyword === 'required' && tagged.has(`${e.instancePath}|${String((e.params as { missingProperty?: string }).missingProperty)}`)),
  );
  const seen = new Set<string>();
  const out: SchemaProblem[] = [];
  for (const e of kept) {
    const problem = explainOne(e, data);
    const key = `${problem.code}|${problem.path.join('/')}|${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(problem);
  }
  return out;
}

function explainOne(e: ErrorObject, _data: unknown): SchemaProblem {
  if (e.propertyName !== undefined) {
    // An error about a mapping key (`propertyNames`): point at the key and say it is a key.
    const parent = e.instancePath === '' ? 'the record' : `\`${e.instancePath.slice(1).replace(/\//g, '.')}\``;
    const description = (e.parentSchema as { description?: string } | undefined)?.description;
    return {
      code: e.keyword === 'pattern' ? 'schema/pattern' : 'schema/other',
      message: `The key "${e.propertyName}" in ${parent} ${e.keyword === 'pattern' ? `does not have the required form (${String((e.params as { pattern?: string }).pattern)})` : (e.message ?? 'is not allowed')}.`,
      hint: description,
      path: [...pointerToSteps(e.instancePath), e.propertyName],
      atKey: true,
    } as SchemaProblem;
  }
  const path = pointerToSteps(e.instancePath);
  const where = e.instancePath === '' ? 'The record' : `\`${e.instancePath.slice(1).replace(/\//g, '.')}\``;
  const description = (e.parentSchema as { description?: string } | undefined)?.description;
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': {
      const name = String(params.missingProperty);
      const propDesc = (e.parentSchema as { properties?: Record<string, { description?: string }> } | undefined)?.properties?.[name]?.description;
      return {
        code: 'schema/required',
        message: `${where} is missing the required property "${name}".`,
        hint: propDesc ? `Add "${name}": ${propDesc}` : undefined,
        path,
        atKey: false,
      } as SchemaProblem;
    }
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const allowed = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const near = nearest(name, allowed);
      const hint = allowed.length ? `${near ? `Did you mean "${near}"? ` : ''}Allowed here: ${allowed.join(', ')}.` : 'No further properties are allowed here.';
      return {
        code: 'schema/additional-property',
        message: `Unknown property "${name}" in ${where === 'The record' ? 'the record' : where}.`,
        hint,
        path: [...path, name],
        atKey: true,
      };
    }
    case 'type':
      return {
        code: 'schema/type',
        message: `${where} must be ${article(String(params.type))}, not ${describeValue(e.data)}.`,
        hint: description,
        path,
        atKey: false,
      } as SchemaProblem;
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v));
      const near = typeof e.data === 'string' ? nearest(e.data, (params.allowedValues as unknown[]).map(String)) : undefined;
      return {
        code: 'schema/enum',
        message: `${where} is ${describeValue(e.data)}; allowed values: ${allowed.join(', ')}.`,
        hint: near ? `Did you mean "${near}"?` : undefined,
        path,
        atKey: false,
      } as SchemaProblem;
    }
    case 'const':
      return { code: 'schema/const', message: `${where} must be ${JSON.stringify(params.allowedValue)}, not ${describeValue(e.data)}.`, path, atKey: false };
    case 'pattern':
      return {
        code: 'schema/pattern',
        message: `${where} is ${describeValue(e.data)}, which does not have the required form (${String(params.pattern)}).`,
        hint: description,
        path,
        atKey: false,
      } as SchemaProblem;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return {
        code: 'schema/range',
        message: `${where} is ${describeValue(e.data)}; it must be ${String(params.comparison)} ${String(params.limit)}.`,
        hint: description,
        path,
        atKey: false,
      } as SchemaProblem;
    case 'minItems':
    case 'maxItems':
    case 'minLength':
    case 'maxLength':
    case 'minProperties':
    case 'maxProperties': {
      const what = e.keyword.endsWith('Items') ? 'items' : e.keyword.endsWith('Length') ? 'characters' : 'properties';
      const bound = e.keyword.startsWith('min') ? 'at least' : 'at most';
      return {
        code: 'schema/size',
        message: `${where} must have ${bound} ${String(params.limit)} ${what}.`,
        hint: description,
        path,
        atKey: false,
      } as SchemaProblem;
    }
    case 'uniqueItems':
      return {
        code: 'schema/unique',
        message: `${where} repeats an item (items ${String(params.j)} and ${String(params.i)} are equal).`,
        path: [...path, Number(params.i)],
        atKey: false,
      };
    case 'oneOf':
    case 'anyOf':
      return {
        code: 'schema/variant',
        message: `${where} is ${describeValue(e.data)}, which matches ${params.passingSchemas ? 'more than one' : 'none'} of the allowed shapes.`,
        hint: description,
        path,
        atKey: false,
      } as SchemaProblem;
    case 'discriminator': {
      const variants = ((e.parentSchema as { oneOf?: { properties?: { kind?: { const?: string } } }[] } | undefined)?.oneOf ?? [])
        .map((s) => s.properties?.kind?.const)
        .filter((k): k is string => typeof k === 'string');
      const tagValue = params.tagValue;
      if (params.error === 'mapping' && typeof tagValue === 'string') {
        const near = nearest(tagValue, variants);
        return {
          code: 'schema/kind',
          message: `Unknown ${String(params.tag)} "${tagValue}"; allowed: ${variants.join(', ')}.`,
          hint: near ? `Did you mean "${near}"?` : undefined,
          path: [...path, String(params.tag)],
          atKey: false,
        } as SchemaProblem;
      }
      return { code: 'schema/kind', message: `${where} needs a "${String(params.tag)}" naming one of: ${variants.join(', ')}.`, path, atKey: false };
    }
    default:
      return { code: 'schema/other', message: `${where} ${e.message ?? 'is invalid'}.`, hint: description, path, atKey: false } as SchemaProblem;
  }
}

function article(type: string): string {
  return type
    .split(',')
    .map((t) => (t === 'null' ? 'null' : /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`))
    .join(' or ');
}

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `"${value.length > 40 ? value.slice(0, 37) + '...' : value}"`;
  return `${typeof value} ${String(value)}`;
}
