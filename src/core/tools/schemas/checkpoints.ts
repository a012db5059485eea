import { object } from './common';

const runId = { type: 'string', minLength: 1, description: 'A run id from checkpoints.list.' };

export const listCheckpoints = {
  input: object({
    runId: { ...runId, description: 'List the checkpoints of this run; without it, list the runs, newest first.' },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
  }),
  output: object({
    runs: {
      type: 'array',
      items: object(
        {
          runId: { type: 'string' },
          startedAt: { type: 'number' },
          checkpoints: { type: 'integer' },
          files: { type: 'array', items: { type: 'string' } },
        },
        ['runId', 'startedAt', 'checkpoints', 'files'],
      ),
    },
    checkpoints: {
      type: 'array',
      items: object(
        {
          seq: { type: 'integer' },
          tool: { type: 'string' },
          time: { type: 'number' },
          files: { type: 'array', items: { type: 'string' } },
          absent: { type: 'array', items: { type: 'string' } },
        },
        ['seq', 'tool', 'time', 'files', 'absent'],
      ),
    },
  }),
};

export const diffCheckpoint = {
  input: object(
    {
      runId,
      seq: { type: 'integer', minimum: 1, description: 'The checkpoint to compare with the files as they are now.' },
    },
    ['runId', 'seq'],
  ),
  output: object(
    {
      files: {
        type: 'array',
        items: object(
          {
            path: { type: 'string' },
            before: { type: 'string', enum: ['absent', 'file'] },
            now: { type: 'string', enum: ['absent', 'file', 'folder'] },
            changed: { type: 'boolean' },
            binary: { type: 'boolean' },
            lines: {
              type: 'array',
              items: { type: 'string' },
              description: 'Unified diff from the checkpoint to now.',
            },
          },
          ['path', 'before', 'now', 'changed', 'lines'],
        ),
      },
    },
    ['files'],
  ),
};

export const restoreCheckpoint = {
  input: object(
    {
      runId,
      seq: {
        type: 'integer',
        minimum: 1,
        default: 1,
        description: 'Go back to just before this checkpoint; 1 (default) undoes the whole run.',
      },
      overwriteConflicts: {
        type: 'boolean',
        default: false,
        description:
          'Also restore files the user changed after the run. Off by default: such files are left alone and reported.',
      },
    },
    ['runId'],
  ),
  output: object(
    {
      applied: {
        type: 'array',
        items: object({ path: { type: 'string' }, action: { type: 'string' } }, ['path', 'action']),
      },
      skipped: {
        type: 'array',
        items: object({ path: { type: 'string' }, reason: { type: 'string' } }, ['path', 'reason']),
      },
      revertRunId: { type: ['string', 'null'], description: 'Undo this restore by restoring this run.' },
    },
    ['applied', 'skipped', 'revertRunId'],
  ),
};
