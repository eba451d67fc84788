// The engine core's public surface, for the game engines in src/engine/<game>/.
export * from './random.js';
export * from './dice.js';
export * from './lookup.js';
export * from './log.js';
export * from './state.js';
export * from './battle.js';
export * from './stats.js';
export * from './context.js';
export * from './policy.js';
export * from './filter.js';
export * from './expire.js';
export * from './move.js';
export * from './view.js';
export { applyEffects, effectKinds, handlers, type Step } from './effects/index.js';
export * from './rules/index.js';
