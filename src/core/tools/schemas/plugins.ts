import { object } from './common';

export const searchPlugins = {
  input: object(
    {
      query: {
        type: 'string',
        minLength: 1,
        description: 'Words describing what the plugin should do, or its name or id.',
      },
      limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
    },
    ['query'],
  ),
  output: object(
    {
      results: {
        type: 'array',
        items: object(
          {
            id: { type: 'string' },
            name: { type: 'string' },
            author: { type: 'string' },
            description: { type: 'string' },
            repo: { type: 'string' },
          },
          ['id', 'name', 'author', 'description', 'repo'],
        ),
      },
      total: { type: 'integer', description: 'How many plugins matched in all.' },
      source: {
        type: 'string',
        enum: ['network', 'cache', 'stale-cache'],
        description: 'Where the list came from; stale-cache when offline.',
      },
    },
    ['results', 'total', 'source'],
  ),
};
