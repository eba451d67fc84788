// For `playmark coverage warchon --mutate` (src/analysis/mutation-check.ts): the change to make to
// each rule whose own data gives no default (it holds only text, or its effects are `manual`
// notes), or whose default is not the rule's point (a result form's capture group, which only
// breaks the table). Each changes the value the rule's text is about; a seeded batch must then
// play differently. rules-run.ts exports it as `rulesMutations`, beside `rulesRun`.
import type { RulesMutations } from '../coverage.js';

export const WARCHON_RULES_MUTATIONS: RulesMutations = {
  'result/so': {
    pointer: '/effects',
    value: [{ kind: 'prevent-actions', target: { side: 'defender' }, actions: ['move'], turns: 1 }],
    what: "Standoff locks the defender's units as Engaged does",
  },
  'result/ax': { pointer: '/attacker', value: 'none', what: 'Ax does no Hits to the attacker' },
  'result/dy': { pointer: '/defender', value: 'none', what: 'Dy does no Hits to the defender' },
  'rules/core#/turn': { pointer: '/turn/battleOrder', value: 'reverse-spread-number', what: 'battles fought in reverse spread order' },
  'rules/core#/turn/steps/0': { pointer: '/turn/steps/0', remove: true, what: 'the Movement Round step removed' },
  'rules/core#/turn/steps/1': { pointer: '/turn/steps/1', remove: true, what: 'the battles step removed' },
  'rules/core#/turn/steps/2': { pointer: '/turn/steps/2', remove: true, what: 'the end-of-turn step removed' },
  'rules/core#/combat': { pointer: '/combat/clamp', value: 1, what: 'columns clamped at +1 and -1' },
  'rules/core#/events': { pointer: '/events/perLocationPerTurn', value: 2, what: 'two Random Events a location each turn' },
  'rules/core#/damage': { pointer: '/damage/facing', value: ['upright', 'upside-down'], what: 'two faces a playmark, not four' },
  'scenario/demo#/sides/0/setup': { pointer: '/sides/0/setup/zones', value: ['mount-tzask'], what: 'Azuthka sets up on Mount Tzask only' },
  'scenario/demo#/sides/1/setup': { pointer: '/sides/1/setup/zones', value: ['erdon-pass'], what: 'Celestine sets up on Erdon Pass only' },
  'scenario/demo#/victory/0': { pointer: '/victory/0/condition', value: 'occupy-locations', what: 'the victory condition is holding locations' },
  'trait/aerial/flies': { pointer: '/rules/0', remove: true, what: "Aerial's rule removed from the trait" },
};
