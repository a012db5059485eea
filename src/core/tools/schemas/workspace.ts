import { object, vaultPath } from './common';

export const openFile = {
  input: object(
    {
      path: vaultPath('File to open.'),
      newLeaf: { type: 'boolean', default: false, description: 'Open in a new tab.' },
      focus: { type: 'boolean', default: true, description: 'Focus the tab.' },
    },
    ['path'],
  ),
  output: object({ path: { type: 'string' }, opened: { type: 'boolean' }, leafId: { type: 'string' } }, [
    'path',
    'opened',
  ]),
};

export const getContext = {
  input: object({
    includeOpenLeaves: { type: 'boolean', default: false, description: 'List every open tab.' },
    includeActiveViewState: {
      type: 'boolean',
      default: false,
      description: 'Include the selection summary of the active editor.',
    },
  }),
  output: object({
    activeFilePath: { type: 'string' },
    activeViewType: { type: 'string' },
    isMarkdown: { type: 'boolean' },
    openLeaves: {
      type: 'array',
      items: object(
        {
          id: { type: 'string' },
          viewType: { type: 'string' },
          title: { type: 'string' },
          filePath: { type: 'string' },
        },
        ['id', 'viewType'],
      ),
    },
    selectionSummary: object({ isEmpty: { type: 'boolean' }, length: { type: 'integer' } }, ['isEmpty', 'length']),
  }),
};
