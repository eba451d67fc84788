// The printed rules of Warmaster this engine plays through the game loop, by rule key (as
// `playmark coverage warmaster --format json` lists them) -> the title of the test
// (test/warmaster-*.test.ts) that plays it through `warmasterGame.play`. Any other rule is `manual`.

export const WARMASTER_RULES_RUN: { readonly [key: string]: string } = {};

// The names coverage reads (src/engine/coverage.ts rulesRunOf), as pack.yaml's `game.rules` names this module.
export const rulesRun = WARMASTER_RULES_RUN;
