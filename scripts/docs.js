// Writes the docs that are generated from code. Run with `npm run docs` (after a build).
import { writeFileSync } from 'node:fs';
import { renderDiagnosticsDoc } from '../dist/content/codes-doc.js';

writeFileSync(new URL('../docs/diagnostics.md', import.meta.url), renderDiagnosticsDoc());
console.log('wrote docs/diagnostics.md');
