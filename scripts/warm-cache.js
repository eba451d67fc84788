// Compiles playmark's schema validators once at install (`npm ci` runs `prepare`), so the first
// `playmark validate` is as fast as the later ones. A failure here never fails the install.
try {
  const { SchemaRegistry } = await import('../dist/src/content/schemas.js');
  const { BUNDLED_SCHEMAS, defaultCacheDir } = await import('../dist/src/content/validate.js');
  const registry = new SchemaRegistry([BUNDLED_SCHEMAS], { cacheDir: defaultCacheDir(process.cwd()) });
  registry.saveCache();
} catch (error) {
  console.warn(`playmark: could not pre-compile the schema validators (${error.message}); the first validate will.`);
}
