// No failure is swallowed in silence (issue 21): every `catch` in playmark's source either throws
// (or re-reports) or says in a comment why going on is right (a missing folder lists nothing, a
// cache that cannot be read is rebuilt). A bare `catch {}` that hides a failure fails this test.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

/** Each `catch` block of a file: its line and its text (up to the closing brace at its indent). */
function catchBlocks(text: string): { line: number; head: string; body: string }[] {
  const lines = text.split('\n');
  const out: { line: number; head: string; body: string }[] = [];
  lines.forEach((head, i) => {
    if (!/\bcatch\s*(\([^)]*\))?\s*\{/.test(head)) return;
    if (/\bcatch\s*(\([^)]*\))?\s*\{.*\}/.test(head)) return out.push({ line: i + 1, head, body: head.replace(/^.*?\bcatch\s*(\([^)]*\))?\s*\{/, '') });
    const indent = head.length - head.trimStart().length;
    const body: string[] = [];
    for (
      let j = i + 1;
      j < lines.length && !(lines[j]!.startsWith(`${' '.repeat(indent)}}`) && lines[j]!.length - lines[j]!.trimStart().length === indent);
      j++
    )
      body.push(lines[j]!);
    out.push({ line: i + 1, head, body: body.join('\n') });
  });
  return out;
}

/** A catch that neither throws, nor passes the error on (uses what it caught), nor says why it may go on. */
function silent(c: { head: string; body: string }): boolean {
  if (/\bthrow\b/.test(c.body) || /\/\/|\/\*/.test(c.body + c.head)) return false;
  const binding = /\bcatch\s*\(\s*(\w+)/.exec(c.head)?.[1];
  return binding === undefined || !new RegExp(`\\b${binding}\\b`).test(c.body);
}

describe('no failure swallowed in silence', () => {
  it('every catch in src/ throws, reports, or says in a comment why going on is right', () => {
    const found: string[] = [];
    for (const file of sourceFiles(path.join(repoRoot, 'src'))) {
      for (const c of catchBlocks(readFileSync(file, 'utf8'))) if (silent(c)) found.push(`${path.relative(repoRoot, file)}:${c.line}`);
    }
    expect(found).toEqual([]);
  });

  it('the check sees a bare catch, and accepts one that throws or says why', () => {
    expect(catchBlocks('try {\n  a();\n} catch {\n  return [];\n}\n').filter(silent)).toHaveLength(1);
    expect(catchBlocks('try {\n  a();\n} catch {}\n').filter(silent)).toHaveLength(1);
    expect(catchBlocks('try {\n  a();\n} catch {\n  return []; // no folder: nothing in it\n}\n').filter(silent)).toHaveLength(0);
    expect(catchBlocks('try {\n  a();\n} catch (e) {\n  throw new Error(String(e));\n}\n').filter(silent)).toHaveLength(0);
    expect(catchBlocks('try {\n  a();\n} catch (error) {\n  return { ok: false, why: error.message };\n}\n').filter(silent)).toHaveLength(0);
    expect(catchBlocks('try {\n  a();\n} catch (error) {\n  return null;\n}\n').filter(silent)).toHaveLength(1);
  });
});
