// Loaded with `node --import` by the bad-input benchmark: writes the process's peak memory
// (resident set, kilobytes) to $PLAYMARK_RSS_FILE as it exits, however it exits normally.
import { writeFileSync } from 'node:fs';

const file = process.env.PLAYMARK_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
