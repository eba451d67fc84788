// The printed rules of Warchon this engine plays through the game loop, by rule key -> the title of
// the test (test/warchon-*.test.ts) that plays it through `warchonGame.play`. Only rules a test
// plays are listed.
export const WARCHON_RULES_RUN: { readonly [key: string]: string } = {};
