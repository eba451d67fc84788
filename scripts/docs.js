// Writes the docs that are generated from code and content. Run with `npm run docs`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderDiagnosticsDoc } from '../dist/src/content/codes-doc.js';
import { renderGapsDoc } from '../dist/src/content/gaps-doc.js';
import { validate } from '../dist/src/content/validate.js';

const root = new URL('..', import.meta.url);
writeFileSync(new URL('docs/diagnostics.md', root), renderDiagnosticsDoc());
console.log('wrote docs/diagnostics.md');
const result = validate([fileURLToPath(new URL('content', root))]);
if (result.errors > 0) {
  console.error('content has errors: run `npx playmark validate` and fix them first');
  process.exit(1);
}
writeFileSync(new URL('docs/gaps.md', root), renderGapsDoc(result.packs));
console.log('wrote docs/gaps.md');
const { renderPrintablesDoc } = await import('../dist/src/render/printables-doc.js');
writeFileSync(new URL('docs/printables.md', root), await renderPrintablesDoc());
console.log('wrote docs/printables.md');
const { renderReferenceDoc } = await import('../dist/src/content/reference-doc.js');
const { packContent } = await import('../dist/src/content/effective.js');
writeFileSync(
  new URL('docs/reference.md', root),
  renderReferenceDoc({ schemaRoots: [fileURLToPath(new URL('schemas', root))], packs: result.packs.map(packContent), root: fileURLToPath(root) }),
);
console.log('wrote docs/reference.md');
