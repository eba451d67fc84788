import { CORE_SCHEMA, load } from 'js-yaml';
import type { DiagnosticCode } from './codes.js';
import { pending, type PendingDiagnostic } from './diagnostic.js';
import { yamlLib } from './locate.js';

export type ParseResult = { ok: true; data: unknown } | { ok: false; diagnostic: PendingDiagnostic };

/**
 * Parses one content file. The fast path is js-yaml with the YAML 1.2 core schema (no dates, no
 * merge keys), which rejects duplicate keys and tab indentation as we want. Only when it fails do
 * we parse again with the `yaml` package, whose error codes say what kind of problem it is.
 */
export function parseYaml(file: string, text: string): ParseResult {
  try {
    const data = load(text, { schema: CORE_SCHEMA, filename: file });
    return { ok: true, data };
  } catch (error) {
    return { ok: false, diagnostic: classify(file, text, error) };
  }
}

const YAML_CODES: Record<string, DiagnosticCode> = {
  DUPLICATE_KEY: 'yaml/duplicate-key',
  TAB_AS_INDENT: 'yaml/tab-indent',
};

function classify(file: string, text: string, error: unknown): PendingDiagnostic {
  if (text.trim() === '' || /^(\s*#.*\n?|\s*\n)*\s*$/.test(text)) {
    return pending('yaml/empty', file, 'The file holds no YAML content.', { offset: 0 });
  }
  const docs = yamlLib().parseAllDocuments(text, { uniqueKeys: true, prettyErrors: false });
  const list = Array.isArray(docs) ? docs : [];
  if (list.length > 1) {
    const second = list[1]!;
    return pending('yaml/multiple-documents', file, `The file holds ${list.length} YAML documents; a content file holds one record.`, {
      offset: second.range[0],
    });
  }
  const first = list[0];
  const problem = first?.errors[0];
  if (problem) {
    const code = YAML_CODES[problem.code] ?? 'yaml/syntax';
    return pending(code, file, cleanMessage(problem.message), { offset: problem.pos[0] });
  }
  // js-yaml refused what `yaml` accepts: report js-yaml's own words at its position.
  const mark = (error as { mark?: { position?: number } }).mark;
  const reason = (error as { reason?: string }).reason ?? String((error as Error).message ?? error).split('\n')[0];
  return pending('yaml/syntax', file, cleanMessage(reason ?? 'invalid YAML'), { offset: mark?.position ?? 0 });
}

function cleanMessage(message: string): string {
  const firstLine = message.split('\n')[0] ?? message;
  const text = firstLine.replace(/ at line \d+, column \d+:?$/, '').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
