// The catalogue of diagnostic codes. A code's meaning never changes once published: add new codes,
// never repurpose old ones. docs/diagnostics.md is generated from this table (see test/docs.test.ts).

export type Severity = 'error' | 'warning';

export interface CodeInfo {
  readonly severity: Severity;
  /** What the code means, one sentence. */
  readonly summary: string;
  /** The default hint: how to fix it. A diagnostic may give a more specific one. */
  readonly hint: string;
}

export const CODES = {
  // Files and packs
  'pack/no-manifest': {
    severity: 'error',
    summary: 'A pack folder has no pack.yaml manifest.',
    hint: 'Add content/<pack>/pack.yaml (see docs/content.md), or point validate at a pack folder or a content root.',
  },
  'pack/not-found': {
    severity: 'error',
    summary: 'A path given to the command does not exist.',
    hint: 'Check the path; validate takes pack folders or a content root such as content/.',
  },
  'pack/unknown-folder': {
    severity: 'warning',
    summary: 'A folder in a pack holds YAML files but no kind in the manifest names it.',
    hint: "Add the kind to the manifest's `kinds`, or move the files.",
  },
  'pack/stray-file': {
    severity: 'warning',
    summary: 'A YAML file sits in a pack folder where no record or layer belongs.',
    hint: "Move it into its kind's folder, or delete it.",
  },
  'pack/schema-missing': {
    severity: 'error',
    summary: 'The manifest names a schema file that does not exist.',
    hint: 'Fix the schema path in `kinds` (relative to schemas/), or add the schema.',
  },
  'pack/schema-invalid': {
    severity: 'error',
    summary: 'A schema file is not valid JSON or not a valid JSON Schema.',
    hint: 'Fix the schema: every keyword must be known to JSON Schema 2020-12 (plus `x-ref`).',
  },
  'pack/duplicate-pack': { severity: 'error', summary: 'Two pack folders declare the same pack id.', hint: 'Give each pack a unique id in its pack.yaml.' },
  'file/read-failed': { severity: 'error', summary: 'A file could not be read.', hint: "Check the file's permissions and encoding (UTF-8)." },
  'file/schema-comment': {
    severity: 'warning',
    summary: "A content file's first line does not name its schema for the editor.",
    hint: 'Make the first line `# yaml-language-server: $schema=<relative path to the schema>`.',
  },
  // YAML
  'yaml/syntax': { severity: 'error', summary: 'The file is not valid YAML.', hint: 'Fix the YAML at the caret: check indentation, quotes and colons.' },
  'yaml/duplicate-key': { severity: 'error', summary: 'A mapping has the same key twice.', hint: 'Remove or rename one of the two keys; YAML keeps only one.' },
  'yaml/tab-indent': { severity: 'error', summary: 'A tab is used for indentation.', hint: 'Indent with spaces; YAML forbids tabs there.' },
  'yaml/multiple-documents': {
    severity: 'error',
    summary: 'A content file holds more than one YAML document.',
    hint: 'Keep one record per file; remove the `---` separator and move the second record to its own file.',
  },
  'yaml/empty': { severity: 'error', summary: 'A content file holds no record.', hint: 'Write the record, or delete the file.' },
  // Schema
  'schema/required': { severity: 'error', summary: 'A required property is missing.', hint: "Add the property; the schema's description says what it holds." },
  'schema/additional-property': { severity: 'error', summary: 'A property is not allowed by the schema.', hint: 'Remove it, or fix its spelling.' },
  'schema/type': {
    severity: 'error',
    summary: 'A value has the wrong type.',
    hint: 'Give a value of the expected type (quote text, leave numbers bare, write null for an unprinted value).',
  },
  'schema/enum': { severity: 'error', summary: 'A value is not one of the allowed values.', hint: 'Use one of the allowed values.' },
  'schema/const': { severity: 'error', summary: 'A value differs from the one value allowed.', hint: 'Use the allowed value.' },
  'schema/pattern': { severity: 'error', summary: 'A text value does not have the required form.', hint: 'Write the value in the required form.' },
  'schema/range': { severity: 'error', summary: 'A number is below the minimum or above the maximum.', hint: 'Use a number within the allowed range.' },
  'schema/size': { severity: 'error', summary: 'A list, text or mapping is too short or too long.', hint: 'Add or remove items to fit the allowed size.' },
  'schema/unique': { severity: 'error', summary: 'A list that must hold distinct items repeats one.', hint: 'Remove the repeated item.' },
  'schema/variant': {
    severity: 'error',
    summary: 'A value matches none (or more than one) of the allowed shapes.',
    hint: 'Make the value match exactly one of the allowed shapes.',
  },
  'schema/kind': { severity: 'error', summary: 'An effect or other tagged object has an unknown `kind`.', hint: 'Use one of the kinds the schema lists.' },
  'schema/other': {
    severity: 'error',
    summary: 'A value breaks another schema rule.',
    hint: "See the message; the schema's description says what is expected.",
  },
  // Ids and references
  'id/duplicate': { severity: 'error', summary: 'Two records of the same kind in a pack share an id.', hint: 'Give each record a unique id.' },
  'id/file-name': { severity: 'error', summary: "A record's id differs from its file name.", hint: 'Rename the file to `<id>.yaml`, or fix the id.' },
  'ref/missing': { severity: 'error', summary: 'A reference names a record that does not exist.', hint: 'Fix the id, or add the record it names.' },
  // Layers
  'layer/file-missing': {
    severity: 'error',
    summary: 'The manifest lists a layer with no file.',
    hint: "Add layers/<id>.yaml, or remove the id from the manifest's `layers`.",
  },
  'layer/unlisted': {
    severity: 'warning',
    summary: 'A layer file is not listed in the manifest, so it never applies.',
    hint: "Add its id to the manifest's `layers`, in the order it should apply.",
  },
  'layer/duplicate-entry': { severity: 'error', summary: 'Two layer entries in a pack share an id.', hint: 'Give each entry a unique id.' },
  'layer/target-missing': {
    severity: 'error',
    summary: 'A layer entry targets a record or a location in it that does not exist.',
    hint: "Fix the target kind, id or pointer; the pointer's parent must exist.",
  },
  'layer/invalid-result': {
    severity: 'error',
    summary: 'A record no longer matches its schema once the layers apply.',
    hint: "Fix the layer entry's value so the record stays valid.",
  },
  // Table and rule checks
  'path/one-way': {
    severity: 'warning',
    summary: 'A path is printed on one spread but not on the spread it leads to.',
    hint: 'Check the source; if paths run both ways, add the return path with a ruling layer entry.',
  },
  'rng/not-uniform': {
    severity: 'error',
    summary: 'A random number matrix does not give every number equally often.',
    hint: 'Each number must appear once in every row and every column; check the transcription.',
  },
  'rng/unfilled': {
    severity: 'warning',
    summary: 'A random number matrix still has a cell with no value once the layers apply.',
    hint: 'Fill the cell with an inference or ruling layer entry.',
  },
  'table/column-gap': {
    severity: 'error',
    summary: 'The columns of a combat table leave a value uncovered.',
    hint: 'Make each column start one past the end of the column before it.',
  },
  'table/column-overlap': {
    severity: 'error',
    summary: 'Two columns of a combat table cover the same value.',
    hint: 'Make each column start one past the end of the column before it.',
  },
  'table/shape': {
    severity: 'error',
    summary: "A table row has the wrong number of cells, or a range table's entries overlap or leave results uncovered.",
    hint: 'Give every row one cell per column; make the ranges cover each result exactly once.',
  },
  'table/unfilled': {
    severity: 'warning',
    summary: 'A table still has a cell with no value once the layers apply.',
    hint: 'Fill the cell with an inference or ruling layer entry.',
  },
  'events/mismatch': {
    severity: 'error',
    summary: "A spread's events table and its random number matrix disagree.",
    hint: 'Number events 1 to 5 in order; a matrix with event cells needs an events table, and an events table needs event cells.',
  },
  'deck/count': { severity: 'error', summary: 'The card counts of a deck do not add up to its size.', hint: "Check each card's count against the source." },
  'unit/faces': {
    severity: 'error',
    summary: "A unit's faces do not follow: each face must have one Hit fewer than the one before.",
    hint: 'Order faces from full strength down, one Hit apart.',
  },
  'unit/face-stat-rises': {
    severity: 'warning',
    summary: 'A damaged face has a higher stat than the face before it.',
    hint: 'Check the transcription: units usually weaken as they take Hits.',
  },
  'scenario/side': {
    severity: 'error',
    summary: "A scenario names a side the manifest does not have, or puts a unit in the wrong side's army.",
    hint: "Use the manifest's side ids, and give each army only its own side's units.",
  },
  'scenario/budget': { severity: 'error', summary: 'A scenario army costs more points than its budget.', hint: 'Remove units or raise the budget.' },
  'scenario/distinct': {
    severity: 'error',
    summary: 'A scenario army holds more than one copy of a Distinct unit.',
    hint: 'Keep one copy of each Distinct unit.',
  },
  'scenario/cup': {
    severity: 'error',
    summary: "A scenario's set-up draws more pieces from a side's cup than it holds, or the side has no cup.",
    hint: "Lower the set-up's drawnFromCup, or put more pieces in the side's cup (its reinforcements phase's `cup`).",
  },
  // Printables
  'printable/unknown-kind': {
    severity: 'error',
    summary: 'A printable selects records of a kind the pack does not have.',
    hint: "Use a kind listed in the manifest's `kinds`.",
  },
  'printable/duplicate-id': {
    severity: 'error',
    summary: 'Two printables of a pack share an id.',
    hint: 'Give each printable its own id: it names the output file.',
  },
  'printable/template-missing': {
    severity: 'error',
    summary: "A printable names a template that is neither in the project's templates/ nor in playmark's.",
    hint: 'Add the template under templates/, or fix the path (relative to templates/).',
  },
  'printable/shared-sheets': {
    severity: 'error',
    summary: "A printable's `sheets` names shared sheets that cannot be: the printable is a sheet, or the id is that of a printable of the pack.",
    hint: 'Only cards and counters share sheets; give the set an id no printable of the pack has (it names the output file).',
  },
  'printable/contexts-module': {
    severity: 'error',
    summary:
      "printables.yaml's `contexts` names a module that is not one of playmark's own: a module of the project or of another package (printing a pack runs none of its code), or one playmark does not have.",
    hint: "Name one of playmark's context modules (`contexts: playmark/games/warchon/print`), or remove `contexts` and use the default context.",
  },
  'printable/unknown-context': {
    severity: 'error',
    summary: "A printable names a context that the module in printables.yaml's `contexts` does not give, or printables.yaml names no contexts module.",
    hint: 'Name a context of that module (docs/printables.md lists them), name the module that gives it in `contexts`, or remove `context` to get the default context.',
  },
  // Encoding, spread numbers and layer overwrites (issue 7)
  'file/encoding': {
    severity: 'error',
    summary: 'A content file is not valid UTF-8 text.',
    hint: 'Save the file as UTF-8 (most editors: "Save with encoding" or "Reopen with encoding", then save as UTF-8) and check the character at the caret.',
  },
  'spread/duplicate-number': {
    severity: 'error',
    summary: 'Two spreads of a pack have the same number, so a lookup by number picks one of them silently.',
    hint: 'Give each spread the number the source prints on it; no two spreads share one.',
  },
  'spread/number-gap': {
    severity: 'warning',
    summary: 'The spread numbers of a pack leave a number out (they should run 1, 2, 3... with none missing).',
    hint: 'Check the numbers against the source; add the missing spread, or renumber if a number was mistyped.',
  },
  'layer/overwritten': {
    severity: 'warning',
    summary:
      'A later layer entry replaces the value an earlier entry set (the same pointer, or a list or mapping holding it), so the earlier entry has no effect.',
    hint: "Fold the earlier change into the later entry's value, or order the layers so the correction comes last (errata after inferences and rulings; see docs/content.md).",
  },
  // Rules (issue 8: the rule model)
  'rule/static-effect': {
    severity: 'error',
    summary: 'A rule without `when` (a static rule) uses an effect that happens once, or a duration other than `while`.',
    hint: 'Give the rule a `when` trigger, or use modify-strength or limit-movement with `duration: while` (see docs/rules.md).',
  },
  'rule/static-only-effect': {
    severity: 'error',
    summary: 'A triggered rule, card, event or result uses `move-directly`, a way of moving that only a rule without `when` (a static rule) may hold.',
    hint: 'Put `move-directly` in a rule without `when` of the trait whose units move so (see docs/rules.md).',
  },
  'rule/while-outside-static': {
    severity: 'error',
    summary: 'An effect of a triggered rule, card, event or result has the duration `while`, which only a static rule ends.',
    hint: 'Use a duration that ends (`battle`, `turn`, `turns`...), or remove `when` to make the rule static (see docs/rules.md).',
  },
  'rule/instead-without-when': {
    severity: 'error',
    summary: 'A rule says `instead: true` but has no `when`, so nothing says which event it replaces.',
    hint: 'Add the `when` trigger of the event the rule replaces, or remove `instead`.',
  },
  'rule/unbound-name': {
    severity: 'error',
    summary: 'A unit filter reads `binding: <name>` that no earlier filter of the same rule saved with `as: <name>`.',
    hint: 'Save the units first with `as: <name>` on an earlier filter, or use `self` or `subject`.',
  },
  // Safety (issue 19): a pack may come from a stranger
  'file/outside-project': {
    severity: 'error',
    summary:
      "A file that a pack, a printable or a template names lies outside the project and playmark's package once its real path is known (a symlink that leaves it, an absolute path, or a `..` that climbs out of it).",
    hint: 'Keep every file inside the project: replace the symlink by a copy of the file, or write the path relative to its folder without climbing out of the project.',
  },
  'file/too-large': {
    severity: 'error',
    summary: 'A content file is larger than the 8 MB (8,388,608 bytes) playmark reads; it is refused from its size, unread.',
    hint: 'Split the records into files of their own; a content file holds one record.',
  },
  'yaml/alias-limit': {
    severity: 'error',
    summary:
      'A file\'s aliases (`*name`) stand for more than 10,000 values written out, as an "alias bomb" does; it is refused at the alias that passes the bound.',
    hint: 'Write the values out, or use fewer aliases to large anchors.',
  },
  'yaml/too-deep': {
    severity: 'error',
    summary: 'A file nests lists and mappings deeper than the 64 levels playmark reads; it is refused where it passes them.',
    hint: 'Flatten the structure: no content kind needs that much nesting.',
  },
  // Commands (issue 19)
  'init/file-exists': {
    severity: 'error',
    summary: '`playmark init` would replace a file that exists already; it writes nothing at all.',
    hint: 'Init another folder, move the file away, or give --force to replace it.',
  },
  'fmt/anchors': {
    severity: 'error',
    summary:
      'A content file uses YAML anchors, aliases or tags and is not in canonical form; fmt cannot reorder it without risking an alias before its anchor, so it leaves the file as it is.',
    hint: 'Write the aliased values out in full (content needs no anchors), then run playmark fmt; or order the keys by hand as the schema lists them.',
  },
  // Game logs (issue 21)
  'log/player-view': {
    severity: 'error',
    summary:
      'A game log written as one side sees it (`simulate --log FILE --view SIDE`) is given to replay: it leaves out what that side cannot see, so it cannot be replayed.',
    hint: 'Replay the whole log: write it again without --view (the same simulate command, --log FILE alone).',
  },
  // Designer's own game (issue 20)
  'printable/unknown-field': {
    severity: 'error',
    summary:
      "A printable names a record field (`copies`, `order`, `where`) that the kind's schema does not have, so it would print the wrong game in silence (one copy of each card, records unsorted, none selected).",
    hint: "Fix the field's name: the kind's schema lists its fields.",
  },
  'printable/copies-not-a-count': {
    severity: 'error',
    summary: 'A printable counts copies by a record field that does not hold a whole number, so each record would print once.',
    hint: 'Name a whole-number field of the kind (`count`), or give the number of copies.',
  },
  'template/syntax': {
    severity: 'error',
    summary:
      'A Handlebars template cannot be read: a block opened and never closed (`{{#each}}` without `{{/each}}`), closed by another name, or a mustache not ended.',
    hint: 'Fix the template at the caret: close each block with `{{/name}}` of the name that opened it.',
  },
  'template/unknown-field': {
    severity: 'error',
    summary:
      'A template shows a field its context does not have (templates run in strict mode: a missing field is an error, never an empty space on the card).',
    hint: "Fix the field's name; docs/printables.md says what each context gives the template.",
  },
  'template/unknown-helper': {
    severity: 'error',
    summary: 'A template calls a helper playmark does not have.',
    hint: 'Use one of the helpers docs/printables.md lists, or fix its name.',
  },
  'template/unknown-partial': {
    severity: 'error',
    summary: 'A template includes a partial (`{{> name}}`) that is in no templates/partials/ folder.',
    hint: 'Add templates/partials/<name>.hbs to the project, or fix the name.',
  },
  'table/dice': {
    severity: 'error',
    summary: 'A table names dice that cannot be rolled as written (too many dice, too many sides, or not a dice expression).',
    hint: 'Write NdM+K with 1 to 20 dice of 2 to 100 sides (d6, 2d6, 3d6+1, d10), d66, or fingers.',
  },
  'table/roll-missing': {
    severity: 'error',
    summary: "A roll of a table's dice picks no row or entry, so a player who rolls it finds nothing.",
    hint: "Extend a neighbouring row's or entry's `roll` range to cover the roll, or add a row or entry for it.",
  },
  'table/roll-doubled': {
    severity: 'error',
    summary: "A roll of a table's dice picks more than one row or entry, so the table reads two ways.",
    hint: 'Make each `roll` range start one past the end of the one before it.',
  },
  'table/unknown-result': {
    severity: 'error',
    summary: "A combat table's cell holds a result code its legend does not define.",
    hint: "Use a code of the table's `legend`, or add the result to the legend.",
  },
  'table/duplicate-code': {
    severity: 'error',
    summary: "A combat table's legend defines the same result code twice.",
    hint: 'Give each result of the legend its own code.',
  },
  'table/column-key': {
    severity: 'error',
    summary: "A combat table's column does not give the range its key calls for (`differential`, `odds` or `range`), or gives another key's.",
    hint: "Give each column the range its table's `key.kind` names: `differential` for differential, `odds` for odds, `range` for value.",
  },
  'table/legend-kind': {
    severity: 'error',
    summary: "A combat table's legend names a record kind the pack does not have, lists a record that kind lacks, or a record of that kind gives no `code`.",
    hint: "Name a kind of the manifest's `kinds` in `legend: { kind: ... }`, and give each of its records the `code` its cells print.",
  },
  'table/legend-pattern': {
    severity: 'error',
    summary: "A legend result's `pattern` is not a valid regular expression, so no cell can match it.",
    hint: 'Write a JavaScript regular expression such as `^A([1-9])D([1-9])$`.',
  },
  'location/one-way': {
    severity: 'error',
    summary: 'A location lists another as adjacent, its kind says adjacency runs both ways (`symmetric: true`), but the other does not list it back.',
    hint: "Add the location to the other's `adjacent`, or remove the one-way entry.",
  },
  'template/helper-argument': {
    severity: 'error',
    summary: 'A template gives a helper an argument it cannot use (a list where a key or an @index goes).',
    hint: 'Give the helper what docs/printables.md says it takes: for cellMark, keys, whole numbers (@index) or pointers ("/rows").',
  },
  'pack/color-spelling': {
    severity: 'warning',
    summary:
      "A side of the manifest gives `color` and no `colour`: the printed faces draw a side in its `colour` (`#rrggbb`); `color` is only the colour's name as a rule text prints it, an older spelling still read for a side without `colour`.",
    hint: 'Write `colour: "#rrggbb"` on the side (keep `color` only as the name a rule text prints, e.g. `red`).',
  },
  'printable/not-a-deck': {
    severity: 'error',
    summary:
      "A printable takes its copies from a deck (`copies: { deck }`) of a kind that is not a generic deck (common/deck.schema.json, or a schema extending it), so no card's copies can be read from it.",
    hint: 'Name in `copies.kind` a kind whose schema is common/deck.schema.json or extends it (default `deck`).',
  },
  'printable/unknown-deck': {
    severity: 'error',
    summary: 'A printable takes its copies from a deck (`copies: { deck }`) that the pack does not have, so no card would print.',
    hint: "Give the id of one of the pack's decks.",
  },
  // Game modules (issue 21)
  'game/module-missing': {
    severity: 'error',
    summary: 'The game module (or rules module) pack.yaml names cannot be found, or lies outside the project and its installed packages.',
    hint: "Give a path relative to the pack folder (`./game/index.js`, compiled to JavaScript: run your build first) or an installed package's export (`playmark/games/warchon`).",
  },
  'game/load-failed': {
    severity: 'error',
    summary: 'The game module pack.yaml names could not be loaded: it throws, or is not a JavaScript module Node can import.',
    hint: 'Run the module on its own (`node <file>`) to see the error; compile TypeScript first (`npm run build`).',
  },
  'game/no-game': {
    severity: 'error',
    summary:
      "The game module pack.yaml names exports no `game` with `setup`, `legalMoves` and `play` (or its rules module's `rulesRun`, `rulesOnTestContent`, `rulesUnused` or `rulesMutations` is not a map of the right shape, names a rule in two of them, or a mutation names a rule it does not run or a value its record lacks).",
    hint: 'Export the game as `export const game = { pack, sides, setup, legalMoves, play }` (see docs/writing-a-game.md).',
  },
  // Commands (issue 21): what a command refuses outside the content, printed as content diagnostics are
  'cli/bad-option': {
    severity: 'error',
    summary:
      'An option or argument has a value the command cannot use (not a number, out of range, a format or bot it does not know, options that contradict each other). Exit code 2.',
    hint: 'Run the command with --help for the values each option takes.',
  },
  'cli/unknown-pack': {
    severity: 'error',
    summary: 'The command names a pack the project does not have (no content/<pack>/pack.yaml with that id). Exit code 2.',
    hint: "Give the id of one of the project's packs (the `id` in its pack.yaml); the message lists them.",
  },
  'cli/unknown-scenario': {
    severity: 'error',
    summary: 'The command names a scenario the pack does not have. Exit code 2.',
    hint: "Give the id of one of the pack's scenarios; the message lists them.",
  },
  'file/write-failed': {
    severity: 'error',
    summary:
      'A file or folder the command writes (or reads outside the content) could not be: permission denied, no space left, a part of the path is a file, a name too long. Exit code 2.',
    hint: 'Check the permissions of the file and its folder, or choose a folder you can write to.',
  },
  'table/lookup-failed': {
    severity: 'error',
    summary:
      "A look-up in the pack's tables cannot be made: the table cannot be read by what was asked (no such column, row or entry, odds it does not say how to round, a code its legend lacks). Exit code 1.",
    hint: 'Fix the table (or the layer that sets the cell), or ask for a column and roll the table has: `playmark odds` lists them.',
  },
  'game/setup-failed': {
    severity: 'error',
    summary: "The pack's game module cannot set up a game from the pack's content: its `setup` throws, with the reason. Exit code 1.",
    hint: "Read the reason: a value the content leaves open (a layer must set it) or a record the game needs; a bug in a designer's module shows with `node` on it.",
  },
  'game/play-failed': {
    severity: 'error',
    summary:
      'Games `simulate` played stopped on an error the game module threw, or with no legal move while the game went on: a bug in the module. The report lists the first games with their seeds. Exit code 1.',
    hint: 'Replay the game it names (simulate --log FILE --log-game <index> with the same seed, then playmark replay FILE) and fix the module where it throws.',
  },
  'new/cannot-add': {
    severity: 'error',
    summary:
      '`playmark new` cannot add the record or layer entry: the manifest names a schema that is not there, or the layer file or manifest is not written in a form it can append to. Exit code 1.',
    hint: 'Run `playmark validate` and fix what it reports, or add the entry by hand as the message shows.',
  },
  'print/not-for-players': {
    severity: 'error',
    summary:
      "Text a player's face prints (a layer entry's note for players, a record's name, title or text) holds an id, a JSON pointer, a file name, a command or JSON, or (in text a maintainer wrote: a note, a text a layer set) a word about the software (engine, test, program, simulation).",
    hint: "Say it in the game's words: name the card, table or unit, not its id, pointer or file; keep the technical detail in the entry's `reason`, which only maintainers read.",
  },
  'render/failed': {
    severity: 'error',
    summary:
      'A render stopped for a reason in the project: a template, partial or stylesheet outside the project or unreadable, or a page the browser could not print. Nothing half-written is left. Exit code 1.',
    hint: 'Read the message: keep templates and stylesheets inside the project, and check the file it names.',
  },
  'render/text-cut-off': {
    severity: 'error',
    summary:
      '`render --strict` found text cut off in its box: a face whose content runs past it, or text inside it running past the box that holds it (hidden under what follows). The outputs are written. Exit code 1.',
    hint: 'Read each message: it names the output, the printable and the face. Shorten the text, give its box room in the template, or print the cards larger (--card).',
  },
  'render/no-browser': {
    severity: 'error',
    summary: 'No headless Chromium to print with was found (or PLAYMARK_BROWSER names one that is not there), or it would not start. Exit code 1.',
    hint: 'Run `playmark setup` to find or install one, or set PLAYMARK_BROWSER to the path of a Chromium or Chrome.',
  },
} as const satisfies Record<string, CodeInfo>;

export type DiagnosticCode = keyof typeof CODES;
