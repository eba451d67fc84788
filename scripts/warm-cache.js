// Run by `prepare` (`npm ci`). It used to compile the schema validators into a cache on disk; they
// are now compiled in memory on every run (a cache of code could be written by someone else, issue
// 19), so this only checks that playmark's own schemas compile, and warms the user's own cache of
// parsed YAML (`~/.cache/playmark`, see src/content/user-cache.ts) with the shipped packs. A failure
// here never fails the install.
try {
  const path = await import('node:path');
  const { BUNDLED_SCHEMAS, defaultCacheDir, validate } = await import('../dist/src/content/validate.js');
  const { SchemaRegistry } = await import('../dist/src/content/schemas.js');
  const broken = new SchemaRegistry([BUNDLED_SCHEMAS]).brokenSchemas();
  if (broken.length > 0)
    console.warn(`playmark: ${broken.length} of its own schemas cannot be used: ${broken.map((b) => `${b.schema} (${b.message})`).join('; ')}`);
  validate([path.join(BUNDLED_SCHEMAS, '..', 'content')], { cacheDir: defaultCacheDir(process.cwd()) });
} catch (error) {
  console.warn(`playmark: could not check the schemas or warm the cache (${error.message}); the first validate will.`);
}
