import { describe, expect, it } from 'vitest';
import { RECIPES_FILE, RecipeMatchingService } from '../../../src/core/recipes/RecipeMatchingService';
import type { RecordedCall } from '../../../src/core/recipes/types';
import { memoryPluginFiles } from '../../builders/pipeline';

const KEY = 'Xk9QmT4vR2pL8wZs3Nf6Hd1Jc5Bg7Ya0Qe';
const TOKEN = 'ghp_Ab3Cd4Ef5Gh6Ij7Kl8Mn9Op0Qr1St2Uv3Wx4';

const copyRun = (content: string): RecordedCall[] => [
  { tool: 'vault.readFile', input: { path: 'Secrets.md' }, ok: true },
  { tool: 'vault.createFile', input: { path: 'Archive/Copy.md', content, overwrite: false }, ok: true },
];

describe('RecipeMatchingService storing shapes', () => {
  it('should store each step as its tool, argument names and templates, with no content, key or key-shaped token', async () => {
    const files = memoryPluginFiles();
    const recipes = new RecipeMatchingService(files, () => [KEY]);
    const content = `api: ${KEY}\ntoken: ${TOKEN}\n${'x'.repeat(1024 * 1024)}`;
    await recipes.recordSuccess(
      `Copy Secrets into Archive, key ${KEY.toLowerCase()} token ${TOKEN}`,
      copyRun(content),
      1,
    );
    const stored = files.data.get(RECIPES_FILE) ?? '';
    const [recipe] = JSON.parse(stored) as { steps: unknown[]; example: string; words: Record<string, number> }[];
    expect(recipe?.steps).toEqual([
      { tool: 'vault.readFile', args: { path: '<value>' }, repeated: false },
      {
        tool: 'vault.createFile',
        args: { path: '${folder}/Copy.md', content: '<value>', overwrite: false },
        repeated: false,
      },
    ]);
    expect(recipe?.example).toBe('Copy Secrets into Archive, key [redacted] token [redacted]');
    expect(Object.keys(recipe?.words ?? {}).sort()).toEqual(['archive', 'copy', 'key', 'secrets', 'token']);
    expect(stored.length).toBeLessThan(2000);
  });

  it('should shape a recipes file written with contents and keys when it is loaded, so the planner never sees them', async () => {
    const files = memoryPluginFiles();
    const old = {
      id: 'recipe-1',
      example: `Copy with ${KEY}`,
      signature: 'vault.createFile',
      parameters: ['path'],
      successes: 3,
      lastUsedAt: 1,
      steps: [
        {
          tool: 'vault.createFile',
          args: { path: '${path}', content: `${TOKEN} ${'y'.repeat(100_000)}` },
          repeated: false,
        },
      ],
      words: { copy: 3, [KEY.toLowerCase()]: 3 },
    };
    files.data.set(RECIPES_FILE, JSON.stringify([old]));
    const [recipe] = await new RecipeMatchingService(files, () => [KEY]).all();
    expect(recipe?.steps).toEqual([
      { tool: 'vault.createFile', args: { path: '${path}', content: '<value>' }, repeated: false },
    ]);
    expect(recipe?.example).toBe('Copy with [redacted]');
    expect(recipe?.words).toEqual({ copy: 3 });
  });

  it('should skip a stored recipe whose steps are not steps rather than fail every run', async () => {
    const files = memoryPluginFiles();
    files.data.set(RECIPES_FILE, JSON.stringify([{ id: 'r', signature: 's', steps: [null], successes: 3, words: {} }]));
    expect(await new RecipeMatchingService(files).all()).toEqual([]);
  });
});
