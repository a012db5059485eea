import { object } from './common';

export const parseMarkdownBullets = {
  input: object(
    {
      text: { type: 'string' },
      allowNested: {
        type: 'boolean',
        default: false,
        description:
          'false (default): every bullet is an item, nested ones too, in order, with its depth. true: only top-level bullets are items, each with the bullets nested under it in `children`.',
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
            children: {
              type: 'array',
              items: { type: 'object' },
              description: 'With allowNested: the bullets nested under this one, items of the same shape.',
            },
          },
          ['text', 'raw', 'depth'],
        ),
      },
      count: { type: 'integer', description: 'How many items `items` holds (top-level ones only with allowNested).' },
    },
    ['items', 'count'],
  ),
};

export const slugifyTitle = {
  input: object({ title: { type: 'string' }, maxLength: { type: 'integer', minimum: 1, maximum: 255, default: 100 } }, [
    'title',
  ]),
  output: object({ slug: { type: 'string' } }, ['slug']),
};
