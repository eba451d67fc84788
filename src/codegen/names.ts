// Names for generated code: type names from schema titles, map and id names from kinds and folders.

/** The words of a title or id: `RNG cell` -> [RNG, cell], `combat-table` -> [combat, table]. */
function words(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter((w) => w.length > 0);
}

/** `Warchon spread` -> `WarchonSpread`, `RNG cell` -> `RNGCell`, `special-unit` -> `SpecialUnit`. */
export function pascalCase(text: string): string {
  const name = words(text)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/** `combat-tables` -> `combatTables`. */
export function camelCase(text: string): string {
  const pascal = pascalCase(text);
  return pascal[0]!.toLowerCase() + pascal.slice(1);
}

/** Paths in generated files and banners always use `/`, whatever the platform. */
export function posix(p: string): string {
  return p.split('\\').join('/');
}
