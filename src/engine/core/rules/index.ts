// The rule interpreter: rules as data (`when` + `if` + `do`, `instead`, `once`), fired on the
// events a game announces. See docs/rules.md.
export * from './event.js';
export * from './trigger.js';
export * from './condition.js';
export * from './ruleset.js';
export * from './statics.js';
export * from './fire.js';
export * from './rule-set.js';
export * from './run.js';
export { markSettled, recomputeStaticsOf, withTurn } from './statics-cache.js';
