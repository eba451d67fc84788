// Every named context, by name. A pack's printables.yaml picks one with `context: <name>`.
import { CONTEXTS as ARCHON_SKIRMISH } from './archon-skirmish/index.js';
import type { NamedContext } from './context.js';
import { CONTEXTS as WARCHON } from './warchon/index.js';
import { CONTEXTS as WARMASTER } from './warmaster/index.js';

export const NAMED_CONTEXTS: ReadonlyMap<string, NamedContext> = new Map([...WARCHON, ...WARMASTER, ...ARCHON_SKIRMISH].map((c) => [c.name, c]));
