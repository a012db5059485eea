import { noInput, object, position, range } from './common';

export const getSelection = {
  input: noInput,
  output: object(
    {
      text: { type: 'string' },
      isEmpty: { type: 'boolean' },
      filePath: { type: 'string' },
      mode: { type: 'string', enum: ['source', 'preview', 'unknown'] },
      range,
    },
    ['text', 'isEmpty', 'mode'],
  ),
};

export const replaceSelection = {
  input: object(
    {
      text: { type: 'string' },
      preserveIndent: {
        type: 'boolean',
        default: false,
        description: 'Indent every inserted line like the first selected line.',
      },
    },
    ['text'],
  ),
  output: object(
    {
      filePath: { type: 'string' },
      range: { ...range, description: 'Where the new text now is.' },
      insertedChars: { type: 'integer' },
    },
    ['filePath', 'range', 'insertedChars'],
  ),
};

export const insertAtCursor = {
  input: object({ text: { type: 'string' } }, ['text']),
  output: object(
    {
      filePath: { type: 'string' },
      cursorAfter: position,
      insertedChars: { type: 'integer' },
      movedBelowProperties: {
        type: 'string',
        description:
          "Present when the cursor was in or before the note's properties: the text went right after them instead, and this says where.",
      },
    },
    ['filePath', 'cursorAfter', 'insertedChars'],
  ),
};

export const getActiveFilePath = {
  input: noInput,
  output: object({ path: { type: ['string', 'null'] }, exists: { type: 'boolean' } }, ['path', 'exists']),
};
