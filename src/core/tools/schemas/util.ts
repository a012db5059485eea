import { object } from './common';

export const parseMarkdownBullets = {
  input: object(
    {
      text: { type: 'string' },
      allowNested: {
        type: 'boolean',
        default: false,
        description: 'Return nested bullets as items of their own (with depth). By default only top-level bullets are items.',
      },
    },
    ['text'],
  ),
  output: object(
    {
      items: {
        type: 'array',
        items: object(
          {
            text: { type: 'string', description: 'The bullet text without marker or checkbox.' },
            raw: { type: 'string', description: 'The original line.' },
            depth: { type: 'integer', description: '0 for top level.' },
            checked: { type: 'boolean', description: 'Present on task bullets ("- [ ]" false, "- [x]" true).' },
          },
          ['text', 'raw', 'depth'],
        ),
      },
      count: { type: 'integer' },
    },
    ['items', 'count'],
  ),
};

export const slugifyTitle = {
  input: object(
    { title: { type: 'string' }, maxLength: { type: 'integer', minimum: 1, maximum: 255, default: 100 } },
    ['title'],
  ),
  output: object({ slug: { type: 'string' } }, ['slug']),
};
