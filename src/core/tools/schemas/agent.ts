import { object, type JsonSchema } from './common';

const usage: JsonSchema = object(
  {
    inputTokens: { type: 'integer' },
    outputTokens: { type: 'integer' },
    cacheReadTokens: { type: 'integer' },
    cacheWriteTokens: { type: 'integer' },
  },
  ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens'],
);

const definition: JsonSchema = object(
  {
    name: { type: 'string' },
    description: { type: 'string' },
    inputSchema: { type: 'object', description: "The JSON schema of the tool's input." },
  },
  ['name', 'description', 'inputSchema'],
);

export const attemptCompletion = {
  input: object(
    {
      result: {
        type: 'string',
        minLength: 1,
        description: 'The final answer for the user: what was done, what was found, what is left.',
      },
    },
    ['result'],
  ),
  output: object({ result: { type: 'string' } }, ['result']),
};

export const switchMode = {
  input: object(
    {
      mode: {
        type: 'string',
        minLength: 1,
        description: 'Slug of the mode to switch to, e.g. "agent" to be allowed to write.',
      },
      reason: { type: 'string', description: 'Why the switch is needed, shown to the user.' },
    },
    ['mode'],
  ),
  output: object(
    {
      mode: { type: 'string', description: 'Slug of the mode now active.' },
      name: { type: 'string' },
      tools: {
        type: 'array',
        items: { type: 'string' },
        description: 'The tools this mode allows from the next step on.',
      },
    },
    ['mode', 'name', 'tools'],
  ),
};

export const newTask = {
  input: object(
    {
      mode: {
        type: 'string',
        minLength: 1,
        description:
          'Slug of the mode the sub-task runs in; no stronger than the current one (e.g. "ask" for research).',
      },
      message: {
        type: 'string',
        minLength: 1,
        description: 'Everything the sub-task needs to know: it sees none of this conversation.',
      },
    },
    ['mode', 'message'],
  ),
  output: object(
    {
      result: { type: 'string', description: "The sub-task's final answer." },
      completedBy: {
        type: 'string',
        enum: ['text', 'attemptCompletion', 'limit', 'mistakes'],
        description: 'How the sub-task ended.',
      },
      usage,
    },
    ['result', 'completedBy', 'usage'],
  ),
};

export const findTool = {
  input: object(
    {
      query: { type: 'string', minLength: 1, description: 'A tool name or words describing what the tool should do.' },
    },
    ['query'],
  ),
  output: object(
    {
      tools: {
        type: 'array',
        items: definition,
        description: 'Full definitions of the matching tools; they can be called from the next step on.',
      },
      available: {
        type: 'array',
        items: { type: 'string' },
        description: 'Names of every tool that can still be loaded this way.',
      },
    },
    ['tools', 'available'],
  ),
};
