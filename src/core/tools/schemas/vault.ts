import { object, vaultPath, type JsonSchema } from './common';

const etag = {
  type: 'string',
  description: 'Content fingerprint: pass it back as expectedEtag to write only if nobody changed the file since.',
};
const mtimeMs = { type: 'number', description: 'Last modification, ms since the epoch.' };
const encoding = {
  type: 'string',
  enum: ['utf-8', 'latin-1', 'utf-16le', 'utf-16be'],
  description:
    'How the file\'s bytes are text. Leave it out: a note keeps its own encoding, BOM and line ending. Needed only for a note that is not UTF-8 (readFile says so): "latin-1" reads and writes it as it is, "utf-8" converts it.',
};

export const ensureFolder = {
  input: object(
    {
      path: vaultPath(
        'Folder path, e.g. "Projects/Active". Missing parents are created too. A character no name can hold (: ? " * | < >) is replaced as in file names ("Q3: plans" → "Q3 - plans"); the output path is the folder made.',
      ),
    },
    ['path'],
  ),
  output: object(
    { path: { type: 'string' }, created: { type: 'boolean', description: 'False when the folder already existed.' } },
    ['path', 'created'],
  ),
};

export const createFile = {
  input: object(
    {
      path: vaultPath(
        'File path, e.g. "Notes/Idea.md". Missing folders are created. A name holding a character a file name cannot hold or a link breaks on (: ? " * | < > # ^ [ ]) is made readable instead of refused ("Q3: plan.md" → "Q3 - plan.md"; see "File names from titles"). The output path is the one created; a note whose name changed starts with its exact title as a heading.',
      ),
      content: { type: 'string', description: 'File content.' },
      ifNotExists: {
        type: 'boolean',
        description:
          'Default true: never replace an existing file. Given as true without collisionStrategy, an existing file is left alone and created is false. false means the same as collisionStrategy "overwrite".',
      },
      collisionStrategy: {
        type: 'string',
        enum: ['error', 'create-unique', 'overwrite'],
        description:
          'When the path is taken: "create-unique" (default) picks "Title (2).md", "error" fails, "overwrite" replaces the file.',
      },
      frontmatter: { type: 'object', description: 'YAML frontmatter to put at the top of the note.' },
      encoding,
    },
    ['path', 'content'],
  ),
  output: object(
    {
      path: {
        type: 'string',
        description:
          'Actual path: differs from the input when the name was made a file name or create-unique picked a free one.',
      },
      created: { type: 'boolean', description: 'True when a new file was created.' },
      overwritten: {
        type: 'boolean',
        description: 'True when an existing file was replaced; absent when it was created or left alone.',
      },
      etag,
      mtimeMs,
    },
    ['path', 'created'],
  ),
};

export const readFile = {
  input: object(
    {
      path: vaultPath('File path.'),
      maxBytes: {
        type: 'integer',
        minimum: 1,
        description: 'Return at most this many bytes (default: the whole file).',
      },
      offset: {
        type: 'integer',
        minimum: 0,
        description:
          'Start this many bytes into the file (UTF-8 bytes of the text; bytes of the file for base64): the nextOffset of the part before.',
      },
      as: {
        type: 'string',
        enum: ['text', 'base64'],
        default: 'text',
        description: 'Output format: "base64" for images, PDFs and other binary files, which text cannot hold.',
      },
      encoding,
    },
    ['path'],
  ),
  output: object(
    {
      path: { type: 'string' },
      content: { type: 'string' },
      etag,
      mtimeMs,
      sizeBytes: { type: 'integer', description: 'Size of the whole file in bytes.' },
      truncated: { type: 'boolean', description: 'True when maxBytes (or the size of a part) cut the content short.' },
      nextOffset: {
        type: 'integer',
        description: 'Where the rest starts, when the content was cut: pass it as offset to read on.',
      },
      encoding: {
        type: 'string',
        description:
          'The encoding found: "UTF-8", "UTF-8 with BOM", "UTF-16 LE with BOM", "Latin-1", or "not UTF-8" (the text is lossy; read it again with encoding "latin-1").',
      },
      lineEnding: {
        type: 'string',
        enum: ['LF', 'CRLF', 'mixed'],
        description: "The note's line ending; writes keep it.",
      },
    },
    ['path', 'content', 'truncated'],
  ),
};

export const writeFile = {
  input: object(
    {
      path: vaultPath('File path. Created (with missing folders) when it does not exist.'),
      content: { type: 'string' },
      mode: { type: 'string', enum: ['overwrite', 'append'], default: 'overwrite' },
      expectedEtag: {
        type: 'string',
        description: 'Write only if the file still has this etag (from readFile); otherwise fail and write nothing.',
      },
      as: {
        type: 'string',
        enum: ['text', 'base64'],
        default: 'text',
        description:
          '"base64": content is the base64 of the bytes to write, for images, PDFs and other binary files. Text is never written over a binary file.',
      },
      encoding,
    },
    ['path', 'content'],
  ),
  output: object(
    {
      path: { type: 'string' },
      created: { type: 'boolean' },
      etag,
      mtimeMs,
      bytesWritten: {
        type: 'integer',
        description: "Bytes this call wrote (appended, for an append), in the file's encoding.",
      },
    },
    ['path', 'created', 'bytesWritten'],
  ),
};

export const rename = {
  input: object(
    {
      fromPath: vaultPath('Current path of the file or folder.'),
      toPath: vaultPath(
        'New path. Missing folders are created. Links to the file are updated. A name holding a character a file name cannot hold or a link breaks on (: ? " * | < > # ^ [ ]) is made readable instead of refused ("Q3: plan.md" → "Q3 - plan.md"; see "File names from titles"). A move that keeps the name keeps it as it is.',
      ),
      collisionStrategy: {
        type: 'string',
        enum: ['error', 'overwrite', 'create-unique'],
        default: 'create-unique',
        description:
          'When toPath is taken: "create-unique" (default) picks "Name (2).md", "error" fails, "overwrite" moves the existing file to the trash first.',
      },
    },
    ['fromPath', 'toPath'],
  ),
  output: object(
    {
      fromPath: { type: 'string' },
      toPath: {
        type: 'string',
        description:
          'Actual new path: differs from the input when the name was made a file name or create-unique picked a free one.',
      },
    },
    ['fromPath', 'toPath'],
  ),
};

export const deleteFile = {
  input: object(
    {
      path: vaultPath('File or folder to delete.'),
      trash: {
        type: 'boolean',
        default: true,
        description: 'Move to the trash (default) instead of deleting permanently.',
      },
      requireExists: {
        type: 'boolean',
        default: true,
        description: 'Fail when nothing is at path (default); false makes a missing path a no-op.',
      },
    },
    ['path'],
  ),
  output: object({ path: { type: 'string' }, deleted: { type: 'boolean' }, trashed: { type: 'boolean' } }, [
    'path',
    'deleted',
  ]),
};

export const searchText = {
  input: object(
    {
      query: {
        type: 'string',
        minLength: 1,
        description:
          'Text to find, or a regular expression with mode "regex", matched one line at a time. As in ripgrep, \\w and \\b know every alphabet and \\p{Greek} names a script, and any pattern runs in time linear in the text; lookahead and backreferences are refused (lookbehind works).',
      },
      mode: { type: 'string', enum: ['plain', 'regex'], default: 'plain' },
      paths: {
        type: 'array',
        items: { type: 'string', minLength: 1 },
        description: 'Only search in these folders or files (default: the whole vault).',
      },
      caseSensitive: { type: 'boolean', default: false },
      wholeWord: {
        type: 'boolean',
        description:
          'Only matches with no letter, digit or "_" of any alphabet right before or after them ("nota" then skips "notação").',
      },
      limit: { type: 'integer', minimum: 1, maximum: 1000, default: 50, description: 'Maximum number of matches.' },
      snippetLength: {
        type: 'integer',
        minimum: 0,
        maximum: 2000,
        default: 120,
        description: 'Characters of context in each snippet.',
      },
      offset: {
        type: 'integer',
        minimum: 0,
        description: 'Skip this many matches (in path order): the nextOffset of the part before.',
      },
    },
    ['query'],
  ),
  output: object(
    {
      matches: {
        type: 'array',
        items: object(
          {
            path: { type: 'string' },
            line: { type: 'integer', description: '1-based line number.' },
            snippet: { type: 'string' },
          },
          ['path', 'snippet'],
        ),
      },
      truncated: { type: 'boolean', description: 'True when more matches exist than limit (or than one part holds).' },
      nextOffset: {
        type: 'integer',
        description: 'Where the next matches start, when there are more: pass it as offset.',
      },
      filesSearched: { type: 'integer' },
    },
    ['matches', 'truncated'],
  ),
};

export const listFiles = {
  input: object({
    prefix: { type: 'string', description: 'Folder to list (default: the vault root).' },
    recursive: { type: 'boolean', default: false, description: 'Include subfolders.' },
    extensions: {
      type: 'array',
      items: { type: 'string', minLength: 1 },
      description: 'Only files with these extensions, e.g. ["md"]; folders are then left out.',
    },
    limit: { type: 'integer', minimum: 1, maximum: 100000, default: 1000 },
  }),
  output: object(
    {
      items: {
        type: 'array',
        items: object(
          {
            path: { type: 'string' },
            kind: { type: 'string', enum: ['file', 'folder'] },
            sizeBytes: { type: 'integer' },
            mtimeMs,
          },
          ['path', 'kind'],
        ),
      },
      truncated: { type: 'boolean' },
    },
    ['items', 'truncated'],
  ),
};

export type ToolSchemas = { input: JsonSchema; output: JsonSchema };
