#!/usr/bin/env node
// The installed command. The CLI lives in src/cli, compiled to dist/: by `prepare` in a checkout
// (`npm ci`), and shipped compiled in the package (`npm pack`), so nothing here needs TypeScript.
import { main } from '../dist/src/cli/main.js';

// A reader that stops early (`playmark odds warchon | head`) closes the pipe: stop quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await main(process.argv.slice(2));
