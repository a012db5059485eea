import { describe, expect, it, vi } from 'vitest';
import * as metadata from '../../../src/core/tools/metadata';
import { builtinTools } from '../../../src/core/tools/builtinTools';

vi.mock('../../../src/core/tools/metadata', async (original) => {
  const actual = await original<typeof import('../../../src/core/tools/metadata')>();
  return { ...actual, toolMeta: vi.fn(actual.toolMeta) };
});

describe('BaseTool', () => {
  it('should look its row up in the metadata table once, however often the row is read', () => {
    const tool = builtinTools().find((candidate) => candidate.name === 'vault.writeFile');
    const lookUp = vi.mocked(metadata.toolMeta);
    lookUp.mockClear();
    for (let i = 0; i < 8; i++) expect(tool?.meta.name).toBe('vault.writeFile');
    expect(tool?.validate({ path: 'a.md', content: 'x' })).toMatchObject({ mode: 'overwrite' });
    expect(lookUp.mock.calls.map(([name]) => name)).toEqual(['vault.writeFile']);
  });
});
