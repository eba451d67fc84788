// Warchon combat results as typed values. A Combat Results Table cell is printed as a code ("A1D1",
// "D2", "AE", "Eg", "So"); the pack's `result` records say, each with an anchored pattern, which
// codes are of their form and what the form does. Every cell is parsed once, when the tables are
// built, so play never matches strings.

/** What a result does to one Battle Army. */
export type SideOutcome = { readonly kind: 'none' } | { readonly kind: 'hits'; readonly hits: number } | { readonly kind: 'eliminated' };

/** The four kinds of result the rulebook describes ("Let's Fight!"). */
export type ResultKind = 'hits' | 'eliminated' | 'engaged' | 'standoff';

export interface CombatResult {
  /** The cell as printed, e.g. `A1D1`. */
  readonly code: string;
  /** The id of the `result` record whose pattern the code matches (`ax-dy`, `ae`, `eg`, ...). */
  readonly form: string;
  /** The form's printed name (`Attacker Eliminated`, `Engaged`), or null when the text gives none. */
  readonly name: string | null;
  readonly kind: ResultKind;
  readonly attacker: SideOutcome;
  readonly defender: SideOutcome;
  /** True when the armies are Engaged: they may not leave the spread and fight again next turn. */
  readonly engaged: boolean;
}

/** The fields of a `result` record that parsing needs (the generated records have them). */
export interface ResultForm {
  readonly id: string;
  readonly name: string | null;
  readonly pattern: string;
  readonly attacker: 'none' | 'hits' | 'eliminated';
  readonly defender: 'none' | 'hits' | 'eliminated';
  readonly attackerHitsGroup?: number;
  readonly defenderHitsGroup?: number;
  /** The result's effects: one that keeps units from moving (`prevent-actions` with `move`) makes it an Engaged result. */
  readonly effects: readonly { readonly kind: string; readonly actions?: readonly string[] }[];
}

/** Whether a form's effects keep units from moving: the Engaged result ("All units involved in this battle cannot move from this spread"). */
export function locksUnits(form: Pick<ResultForm, 'effects'>): boolean {
  return form.effects.some((e) => e.kind === 'prevent-actions' && (e.actions ?? []).includes('move'));
}

/** A code that no result form describes, or that more than one does: a content error. */
export class ResultGrammarError extends Error {}

/**
 * A parser for the pack's result grammar: one compiled pattern per form. A code must match exactly
 * one form; its Hits come from the form's capture groups.
 */
export function resultParser(forms: readonly ResultForm[]): (code: string) => CombatResult {
  const compiled = forms.map((form) => ({ form, re: new RegExp(form.pattern) }));
  // A table prints few codes, each parsed once (a code that no form or several forms match throws every time).
  const parsed = new Map<string, CombatResult>();
  return (code) => {
    let result = parsed.get(code);
    if (result === undefined) parsed.set(code, (result = parse(code)));
    return result;
  };
  function parse(code: string): CombatResult {
    const matches = compiled.flatMap(({ form, re }) => {
      const m = re.exec(code);
      return m ? [{ form, m }] : [];
    });
    if (matches.length === 0) throw new ResultGrammarError(`No result form matches the combat result "${code}".`);
    if (matches.length > 1) {
      throw new ResultGrammarError(`The combat result "${code}" matches more than one result form (${matches.map((x) => x.form.id).join(', ')}).`);
    }
    const { form, m } = matches[0]!;
    const side = (what: ResultForm['attacker'], group: number | undefined, who: string): SideOutcome => {
      if (what === 'none') return { kind: 'none' };
      if (what === 'eliminated') return { kind: 'eliminated' };
      const text = group === undefined ? undefined : m[group];
      const hits = text === undefined ? NaN : Number(text);
      if (!Number.isInteger(hits) || hits < 1) {
        throw new ResultGrammarError(
          `The result form "${form.id}" gives the ${who} Hits but its pattern's group ${group ?? '(none)'} does not hold a number in "${code}".`,
        );
      }
      return { kind: 'hits', hits };
    };
    const attacker = side(form.attacker, form.attackerHitsGroup, 'attacker');
    const defender = side(form.defender, form.defenderHitsGroup, 'defender');
    const engaged = locksUnits(form);
    const kind: ResultKind = engaged
      ? 'engaged'
      : attacker.kind === 'eliminated' || defender.kind === 'eliminated'
        ? 'eliminated'
        : attacker.kind === 'hits' || defender.kind === 'hits'
          ? 'hits'
          : 'standoff';
    return { code, form: form.id, name: form.name, kind, attacker, defender, engaged };
  }
}

/** Hits a side takes from a result: 0 for none, `eliminationHits` for an elimination. */
export function sideHits(outcome: SideOutcome, eliminationHits: number): number {
  return outcome.kind === 'hits' ? outcome.hits : outcome.kind === 'eliminated' ? eliminationHits : 0;
}

const hitWord = (n: number) => `${n} Hit${n === 1 ? '' : 's'}`;

/** The result in plain words: "the attacker takes 1 Hit, the defender takes 1 Hit". */
export function describeResult(result: CombatResult): string {
  const side = (o: SideOutcome, who: 'attacker' | 'defender') =>
    o.kind === 'hits'
      ? `the ${who} takes ${hitWord(o.hits)}`
      : o.kind === 'eliminated'
        ? `every ${who === 'attacker' ? 'attacking' : 'defending'} unit in this battle is destroyed`
        : `the ${who} takes no Hits`;
  switch (result.kind) {
    case 'standoff':
      return 'a draw: no Hits to either army; next turn units may move in or out of this spread as normal';
    case 'engaged': {
      const lock = 'no unit in this battle may leave this spread, and they fight again next turn (reinforcements may still move in)';
      const harmless = result.attacker.kind === 'none' && result.defender.kind === 'none';
      return harmless ? `no Hits; ${lock}` : `${side(result.attacker, 'attacker')}, ${side(result.defender, 'defender')}; ${lock}`;
    }
    default:
      return `${side(result.attacker, 'attacker')}, ${side(result.defender, 'defender')}`;
  }
}

/** The result in a few words, for tables: "attacker 2 Hits, defender 1 Hit", "defender eliminated", "Standoff". */
export function summarizeResult(result: CombatResult): string {
  const side = (o: SideOutcome, who: string) => (o.kind === 'hits' ? `${who} ${hitWord(o.hits)}` : o.kind === 'eliminated' ? `${who} eliminated` : null);
  const parts = [side(result.attacker, 'attacker'), side(result.defender, 'defender')].filter((x): x is string => x !== null);
  if (result.kind === 'standoff') return 'Standoff, no Hits';
  if (result.kind === 'engaged') return parts.length ? `${parts.join(', ')}; Engaged` : 'Engaged, no Hits (fight again next turn)';
  return parts.join(', ');
}
