// Every printed rule of Archon Skirmish this engine plays through the game loop, by rule key (see
// RuleInfo.key: `<kind>/<record id>`, `<kind>/<record id>/<rule id>`, `<kind>/<record id>#<pointer>`)
// -> the title of the test (test/archon-*.test.ts) that plays it through legalMoves and play.
export const ARCHON_RULES_RUN: { readonly [key: string]: string } = {};
