import { object } from './common';

export const listCommands = {
  input: object({
    query: { type: 'string', description: 'Words that must all appear in the command name or id (case-insensitive).' },
    prefix: { type: 'string', description: 'Only ids starting with this, e.g. "editor:".' },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 50 },
  }),
  output: object(
    {
      commands: {
        type: 'array',
        items: object(
          {
            id: { type: 'string' },
            name: { type: 'string' },
            ownerHint: { type: 'string', description: 'The plugin or core module the id belongs to.' },
            ownerType: { type: 'string', enum: ['core', 'community', 'unknown'] },
          },
          ['id', 'name'],
        ),
      },
      truncated: { type: 'boolean' },
    },
    ['commands', 'truncated'],
  ),
};

export const runCommand = {
  input: object(
    { id: { type: 'string', minLength: 1, description: 'Command id, e.g. "editor:toggle-bold" (see commands.list).' } },
    ['id'],
  ),
  output: object({ id: { type: 'string' }, executed: { type: 'boolean' }, errorMessage: { type: 'string' } }, [
    'id',
    'executed',
  ]),
};
