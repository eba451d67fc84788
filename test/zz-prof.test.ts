import { it } from 'vitest';
import { render } from '../src/render/render.js';
import { packContentOf } from './content-support.js';
import { browser, pdftotext, templates, tempDir } from './render-pipeline-support.js';
it('prof', async () => {
  for (const pack of ['warchon']) {
    const content = packContentOf(pack);
    let t = Date.now();
    const out = tempDir();
    const s = await render({ contents: [content], templates, outDir: out, browser, duplex: 'long' });
    console.log('render', Date.now() - t);
    t = Date.now();
    for (const f of s.files.filter((f) => f.kind === 'pdf')) {
      const t0 = Date.now();
      await pdftotext(`${out}/${f.file}`);
      console.log(f.file, f.pages, Date.now() - t0);
    }
    console.log('text', Date.now() - t);
    t = Date.now();
    await render({ contents: [content], templates, outDir: tempDir(), browser, duplex: 'long', combine: true });
    console.log('render combine', Date.now() - t);
  }
}, 200000);
