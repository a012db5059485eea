import { fileNameFromTitle } from '../src/core/paths/fileNameFromTitle';

const EXAMPLES = [
  'Q3: budget review',
  'Why do we meet on Mondays?',
  'The "quiet" hours',
  'Pros * cons of remote work',
  'Read/Write notes',
  '10:30 standup',
  '[[Project X]] kickoff #meeting',
  '.hidden idea',
  'CON',
];

const code = (text: string): string => `\`${text.replace(/\|/g, '\\|')}\``;

/** The "File names from titles" section of docs/reference/tools.md; its examples are computed by the rule itself. */
export function fileNameRuleSection(): string[] {
  return [
    '## File names from titles',
    '',
    'One rule makes a file name from a title, the same for the agent, plans, recipes and saved actions',
    '(`src/core/paths/fileNameFromTitle.ts`). It keeps the title readable, not a slug:',
    '',
    '- `"` becomes `\'`; `: / \\ |` between two words become `-`, and next to a space ` - `; `? * # ^ [ ] < >` are dropped,',
    '  except one standing alone between spaces, which becomes ` - `; any of them at the start or end is dropped, and',
    '  several with only spaces between them count as one (`: /` is one separator).',
    '- Spaces and line breaks become one space, invisible characters go, leading dots and `~` and trailing dots go, a',
    '  Windows device name (`CON`, `nul`) gets `_`, the name is cut to 200 UTF-8 bytes, and an empty one is `Untitled`.',
    '',
    '| title | file name |',
    '|---|---|',
    ...EXAMPLES.map((title) => `| ${code(title)} | ${code(`${fileNameFromTitle(title)}.md`)} |`),
    '',
    'Where it applies:',
    '',
    '- **Plans, recipes and saved actions.** Text put into a path argument (`${item.text}`, `${selection}`, a parameter)',
    '  becomes one name by the rule, so it never adds a folder level: `"Notes/${item.text}.md"` with "Read/Write notes"',
    '  is `Notes/Read-Write notes.md`. A value that is itself a vault path keeps its folders: a field named `path` or',
    '  `prefix` or ending in `Path` or `Folder` (`${file.path}`, `$steps.create.path`), `${activeFile}`, and parameters',
    '  named `folder` or `folderName` or ending in `Folder` or `Path`, a number after the name aside (`${folder2}`).',
    '  Arguments that are not paths (`content`) keep the text exactly, so `"# ${item.text}"` keeps the title.',
    '- **A path the agent types** for `vault.createFile`, `vault.rename` (`toPath`) and `vault.ensureFolder`: the tool',
    '  cleans the name it creates instead of refusing it and returns the path it used (`path`, `toPath`). Folders on the',
    '  way lose only what no name can hold (`: ? " * | < >`), since a folder such as `C#` may exist; a move that keeps its',
    '  name keeps it as it is. A note whose name changed starts with its exact title as a heading when its content has',
    '  none, and `Ideas/Read/Write notes.md` whose content starts `# Read/Write notes` is the note',
    '  `Ideas/Read-Write notes.md`. Other tools refuse such a path, naming the path the rule makes.',
    '- The approval card and the plan preview show the final names, numbered when taken, before anything is written.',
    '',
    '**Collisions.** A taken name gets a number before the extension: `Title (2).md`, then `Title (3).md`; a name that',
    'ends in ` (n)` counts on from n. `vault.createFile` and `vault.rename` do this by default (create-unique).',
    '',
    "**Where the two seed documents disagree.** The tool reference gives `vault.createFile`'s `ifNotExists` the default",
    "true (\"only create if doesn't exist\") and `vault.rename`'s `collisionStrategy` no default; the product spec's",
    'guardrails ask for "Filename sanitization" and "Collision policy: create-unique default (e.g., “Title (2).md”)". We',
    'follow the spec for what happens when a call says nothing (create-unique, numbered as the spec writes it) and the',
    'tool reference for its words: `ifNotExists: true`, given, leaves an existing file alone (`created: false`), and',
    "`false` overwrites it. `util.slugifyTitle` still makes the tool reference's lowercase slugs, for those who want one.",
    '',
  ];
}
