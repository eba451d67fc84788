// Types of scripts/bad-input.js, for the test that imports it.
export interface BadCase {
  readonly name: string;
  readonly about: string;
  readonly run: readonly string[];
  readonly exit: 0 | 1 | 2;
  readonly code?: string;
  readonly output?: string;
  readonly absent?: string;
  readonly make: readonly { path: string; text?: string; repeat?: number; before?: string; after?: string; symlink?: string }[];
  readonly timeout: number;
  readonly bound: { readonly seconds: number; readonly megabytes: number };
  readonly project?: string;
  readonly base?: string;
  readonly inRepo: boolean;
}
export interface CaseRun {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  readonly output: string;
  readonly outputBytes: number;
  readonly seconds: number;
  readonly megabytes: number | undefined;
  readonly written: readonly string[];
}
export const repoRoot: string;
export const casesDir: string;
export function loadCases(): BadCase[];
export function caseNamed(name: string): BadCase;
export function layProject(c: BadCase, dir: string): void;
export function runCase(c: BadCase, options?: { measure?: boolean }): Promise<CaseRun>;
