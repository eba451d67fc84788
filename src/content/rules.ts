import type { EffectiveRecord, Json } from './model.js';
import { formatPointer } from './pointer.js';

/**
 * A printed rule of a pack: a rule with structured effects (special rule, event, trait, ability,
 * card, spell, table entry) or a structural one (printed text whose fields the game's procedure
 * reads: a turn step, the movement or capacity rules, a phase, a victory condition). Whether it
 * runs is not a property of the content: a rule runs only when a game engine plays it through its
 * game loop in a named test (see `withRuns` and src/engine/coverage.ts). Its status is one of four
 * (RuleStatus): `runs`, `runs on test content`, `unused`, `manual`.
 */
export interface RuleInfo {
  readonly kind: string;
  readonly id: string;
  /** Where the rule sits in its record (JSON pointer); empty for the record itself. */
  readonly pointer: string;
  /**
   * The rule's stable key, as an engine's map of rules run names it: `<kind>/<record id>` for a
   * record that is the rule, `<kind>/<record id>/<rule id>` for a rule with its own `id`, else
   * `<kind>/<record id>#<pointer>`.
   */
  readonly key: string;
  /** `effects`: text with structured effects; `structural`: text with data the procedure reads. */
  readonly form: 'effects' | 'structural';
  /** What it is, for people: `event`, `trait`, `card`, `phase step`, ... */
  readonly what: string;
  readonly text: string;
  /** The interpreter can apply its effects (it has effects and none is `manual`); says nothing of a game playing it. */
  readonly structured: boolean;
  /** One of the four words coverage, validate, lint and build use (RuleStatus). */
  readonly status: RuleStatus;
  /** Runs: the status is `runs` (the engine plays it in the pack's own games, and in the test `test`). Never true from content alone. */
  readonly executable: boolean;
  /** The test (its `it` title) that plays the rule through the game loop: for `runs` and `runs on test content`. */
  readonly test: string | null;
  /** For `runs on test content`: what the pack lacks to set it off (no unit of the text has Berserk); else null. */
  readonly onTestContent: string | null;
  /** Why nothing in the text can set the rule off, when its engine says so (it is `unused`); else null. */
  readonly unused: string | null;
  /** The notes of its `manual` effects: what the effect vocabulary lacks. */
  readonly manual: readonly string[];
  /** When it is manual: everything that is missing (the manual notes, then what the game loop lacks); empty when it runs or is unused. */
  readonly missing: readonly string[];
}

/**
 * The four statuses of a printed rule:
 * - `runs`: the engine plays it through the game loop, and it fires in the pack's own scenarios
 *   (test/coverage-fires.test.ts measures this), in the test named;
 * - `runs on test content`: the engine plays it through the game loop in a named test, on units or
 *   places a test made, but nothing in the pack sets it off (with what is missing);
 * - `unused`: the engine does not play it, and nothing in the text can set it off (with why);
 * - `manual`: the engine does not play it (with what is missing).
 */
export type RuleStatus = 'runs' | 'runs on test content' | 'unused' | 'manual';

export interface RuleCoverage {
  /** Every printed rule: rules with effects and structural ones. */
  readonly rules: number;
  /** Of those, rules that run: played through a game loop, and fired in the pack's own scenarios. */
  readonly executable: number;
  /** Rules the engine plays only on test content: nothing in the pack sets them off. */
  readonly onTestContent: number;
  /** Rules nothing in the text can set off, as the engine says (the engine does not play them). */
  readonly unused: number;
  /** The rest: `rules - executable - onTestContent - unused`. */
  readonly manual: number;
}

/** An engine's map of the rules its game loop plays: rule key -> the title of the test that plays it. */
export type RulesRun = { readonly [key: string]: string };

/** An engine's map of the rules nothing in the text can set off: rule key -> why, in players' words. */
export type RulesUnused = { readonly [key: string]: string };

/** An engine's map of the rules it plays only on test content: rule key -> the test, and what the pack lacks to set the rule off. */
export type RulesOnTestContent = { readonly [key: string]: { readonly test: string; readonly why: string } };

/** What a pack's engine says it runs: whether a game loop exists for it, its map, and what the text never sets off. */
export interface PackRuns {
  /** A game engine with a game loop exists for this pack. */
  readonly engine: boolean;
  readonly run: RulesRun;
  /** Absent: the engine plays no rule on test content alone. */
  readonly onTestContent?: RulesOnTestContent;
  /** Absent: the engine names no such rule. */
  readonly unused?: RulesUnused;
}

/** No game engine: nothing runs. */
export const NO_ENGINE: PackRuns = { engine: false, run: {} };

/** Keys never read as a rule's text holder (a source reference, a record's manifest data). */
const NOT_RULES = new Set(['source']);

/**
 * Every printed rule in the records, in record order: every object with `effects`, and every other
 * object with printed `text` (not inside a rule with effects). None runs: apply an engine's map
 * with `withRuns`.
 */
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
      const pointer = formatPointer(path);
      const ruleId = path.length > 0 && typeof value.id === 'string' ? value.id : null;
      const key = `${record.kind}/${record.id}${ruleId !== null ? `/${ruleId}` : pointer !== '' ? `#${pointer}` : ''}`;
      const what = whatOf(record.kind, path);
      // A rule (`do`) or a card, spell, event or result (`effects`: what it does when played, cast, rolled or applied).
      const effects = Array.isArray(value.do) ? value.do : Array.isArray(value.effects) ? value.effects : null;
      if (effects !== null) {
        const manual = manualNotes(effects);
        const text = typeof value.text === 'string' ? value.text : typeof value.name === 'string' ? value.name : '';
        const structured = manual.length === 0 && !onlyNoEffect(effects);
        out.push(rule({ kind: record.kind, id: record.id, pointer, key, form: 'effects', what, text, structured, manual }));
        // A card that fights as a unit has rules of its own beside what it does when revealed.
        for (const key in value) {
          if (key === 'do' || key === 'effects' || !isRuleList(value[key]!)) continue;
          path.push(key);
          visit(value[key]!);
          path.pop();
        }
        return;
      }
      // A text whose rules are listed below it (a trait's definition and its rules) is their
      // heading, not a rule of its own: the rules are counted, the text once through them.
      if (typeof value.text === 'string' && value.text.trim() !== '' && !holdsRules(value)) {
        out.push(rule({ kind: record.kind, id: record.id, pointer, key, form: 'structural', what, text: value.text, structured: false, manual: [] }));
      }
      for (const key in value) {
        if (NOT_RULES.has(key)) continue;
        path.push(key);
        visit(value[key]!);
        path.pop();
      }
    };
    visit(record.data);
  }
  return out;
}

type Found = Pick<RuleInfo, 'kind' | 'id' | 'pointer' | 'key' | 'form' | 'what' | 'text' | 'structured' | 'manual'>;

function rule(found: Found): RuleInfo {
  return { ...found, status: 'manual', executable: false, test: null, onTestContent: null, unused: null, missing: missingFor(found, NO_ENGINE) };
}

/**
 * The rules with an engine's maps applied: a rule in its map of rules run runs (naming its test);
 * one in its map of rules on test content runs on test content (naming its test, and what the pack
 * lacks); one in its map of rules unused is unused (with the reason); every other rule is manual,
 * with what is missing. A key in two maps takes the first of these (the engine refuses such maps
 * when it loads them). Keys that name no rule are ignored here (the coverage test checks that none
 * exists).
 */
export function withRuns(rules: readonly RuleInfo[], runs: PackRuns): RuleInfo[] {
  return rules.map((r): RuleInfo => {
    const none = { executable: false, test: null, onTestContent: null, unused: null, missing: [] };
    const test = runs.run[r.key];
    if (test !== undefined) return { ...r, ...none, status: 'runs', executable: true, test };
    const onTest = runs.onTestContent?.[r.key];
    if (onTest !== undefined) return { ...r, ...none, status: 'runs on test content', test: onTest.test, onTestContent: onTest.why };
    const unused = runs.unused?.[r.key];
    if (unused !== undefined) return { ...r, ...none, status: 'unused', unused };
    return { ...r, ...none, status: 'manual', missing: missingFor(r, runs) };
  });
}

export function ruleCoverage(rules: readonly RuleInfo[]): RuleCoverage {
  const count = (status: RuleStatus) => rules.filter((r) => r.status === status).length;
  return { rules: rules.length, executable: count('runs'), onTestContent: count('runs on test content'), unused: count('unused'), manual: count('manual') };
}

/** The four counts in words, as validate, lint, build and coverage print them: `12 of 58 rules run, 30 run on test content, 6 unused, 10 manual`. */
export function coverageWords(c: RuleCoverage): string {
  return `${c.executable} of ${c.rules} rules run, ${c.onTestContent} run on test content, ${c.unused} unused, ${c.manual} manual`;
}

/** What a manual rule lacks: the vocabulary (its manual notes), then the game loop. */
function missingFor(r: Found, runs: PackRuns): string[] {
  const notes = r.manual.map((n) => n.replace(/\s+/g, ' ').trim());
  const loop = !runs.engine
    ? 'No game loop plays this pack yet, so no test plays this rule through one.'
    : "The game loop plays no test of this rule (its engine's map of rules run does not name it).";
  if (r.form === 'structural') return [`Structural: the game's procedure (code) must read this; ${loop.charAt(0).toLowerCase()}${loop.slice(1)}`];
  if (notes.length === 0 && !r.structured) return [`No effect the interpreter applies (its effects are empty or only no-effect). ${loop}`];
  return [...notes, loop];
}

/** `event`, `special rule`, `phase step`, `movement`, ... from where the rule sits, else the record's kind. */
function whatOf(kind: string, path: readonly (string | number)[]): string {
  const last = path[path.length - 1];
  if (typeof last === 'string') return FIELD_NAMES[last] ?? last;
  const list = path[path.length - 2];
  // A trait's rules are the trait's: coverage lists them as traits, as the text prints them.
  if (typeof last === 'number' && list === 'rules' && kind === 'trait') return 'trait';
  // An entry of a roll table held in a field (a Warchon spread's `events.entries[1]`) is named by the field: an event.
  const field = path[path.length - 3];
  if (typeof last === 'number' && list === 'entries' && typeof field === 'string' && LIST_NAMES[field]) return LIST_NAMES[field];
  if (typeof last === 'number' && typeof list === 'string') return LIST_NAMES[list] ?? singular(list);
  return kind;
}

const LIST_NAMES: { readonly [key: string]: string } = {
  specialRules: 'special rule',
  steps: 'phase step',
  entries: 'table entry',
  abilities: 'ability',
  specialAbilities: 'special ability',
  events: 'event',
  rules: 'rule',
  sides: 'scenario side',
  victory: 'victory condition',
};

const FIELD_NAMES: { readonly [key: string]: string } = {
  oddsRule: 'odds rule',
  victory: 'victory condition',
  army: 'army',
  setup: 'setup',
};

function singular(name: string): string {
  return name.endsWith('s') ? name.slice(0, -1) : name;
}

function manualNotes(value: Json): string[] {
  if (Array.isArray(value)) return value.flatMap(manualNotes);
  if (value === null || typeof value !== 'object') return [];
  if (value.kind === 'manual') return [typeof value.note === 'string' ? value.note : 'manual'];
  return Object.values(value).flatMap(manualNotes);
}

/** True for a list holding rules (objects with `do`). */
export function isRuleList(value: Json): boolean {
  return Array.isArray(value) && value.some((item) => item !== null && typeof item === 'object' && !Array.isArray(item) && Array.isArray(item.do));
}

/** True when one of the object's lists holds rules. */
function holdsRules(value: { readonly [key: string]: Json }): boolean {
  return Object.values(value).some(isRuleList);
}

/** True for `[]` and for effects that are all `no-effect`: nothing for the interpreter to do. */
function onlyNoEffect(effects: readonly Json[]): boolean {
  return effects.every((e) => e !== null && typeof e === 'object' && !Array.isArray(e) && e.kind === 'no-effect');
}
