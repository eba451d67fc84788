#!/usr/bin/env node
// The installed command. The CLI lives in src/cli; `npm install` (prepare) compiles it to dist/.
import { main } from '../dist/src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
