import { describe, expect, it } from 'vitest';
import { learnRecipe } from '../../../src/core/recipes/learnRecipe';
import { MIN_SUCCESSES, RecipeMatchingService } from '../../../src/core/recipes/RecipeMatchingService';
import type { RecordedCall } from '../../../src/core/recipes/types';
import { memoryPluginFiles } from '../../builders/pipeline';

const bulletsRun = (folder: string, titles: string[]): RecordedCall[] => [
  { tool: 'editor.getSelection', input: {}, ok: true },
  { tool: 'util.parseMarkdownBullets', input: { text: '- a\n- b' }, ok: true },
  { tool: 'vault.ensureFolder', input: { path: folder }, ok: true },
  ...titles.map((title) => ({
    tool: 'vault.createFile',
    input: { path: `${folder}/${title}.md`, content: `# ${title}\n` },
    ok: true,
  })),
  { tool: 'agent.attemptCompletion', input: { result: 'done' }, ok: true },
];

describe('learnRecipe', () => {
  it('should fold repeated calls into one step and turn words from the request into parameters', () => {
    const recipe = learnRecipe(
      'Read the selection and create a note per bullet in folder Projects',
      bulletsRun('Projects', ['Alpha', 'Beta']),
      1,
    );
    expect(recipe?.signature).toBe(
      'editor.getSelection > util.parseMarkdownBullets > vault.ensureFolder > vault.createFile*',
    );
    expect(recipe?.steps[2]).toEqual({ tool: 'vault.ensureFolder', args: { path: '${path}' }, repeated: false });
    expect(recipe?.steps[3]).toEqual({
      tool: 'vault.createFile',
      args: { path: '${path}/Alpha.md', content: '# Alpha\n' },
      repeated: true,
    });
    expect(recipe?.parameters).toEqual(['path']);
  });

  it('should learn nothing from a run whose calls all failed or only steered the loop', () => {
    expect(
      learnRecipe(
        'hi',
        [
          { tool: 'vault.readFile', input: { path: 'x' }, ok: false },
          { tool: 'agent.attemptCompletion', input: {}, ok: true },
        ],
        1,
      ),
    ).toBeNull();
  });
});

describe('RecipeMatchingService', () => {
  it('should offer a recipe only after three successes, for a similar request', async () => {
    const recipes = new RecipeMatchingService(memoryPluginFiles());
    const requests = [
      ['Create a note per bullet of the selection in folder Projects', 'Projects'],
      ['Make notes from the bullets in my selection, folder Reading', 'Reading'],
      ['Turn each bullet of the selection into a note in folder Ideas', 'Ideas'],
    ] as const;
    for (const [index, [message, folder]] of requests.entries()) {
      expect(await recipes.match('Create notes from the selected bullets in folder Travel')).toBeNull();
      const recipe = await recipes.recordSuccess(message, bulletsRun(folder, ['A']), index);
      expect(recipe?.successes).toBe(index + 1);
    }
    const match = await recipes.match('Create a note for every bullet in the selection, folder Travel');
    expect(match?.recipe.successes).toBe(MIN_SUCCESSES);
    expect(match?.score).toBeGreaterThanOrEqual(0.5);
    expect(await recipes.match('What is the capital of France?')).toBeNull();
  });

  it('should keep recipes across restarts in the plugin folder, and survive a damaged file', async () => {
    const files = memoryPluginFiles();
    await new RecipeMatchingService(files).recordSuccess(
      'create notes in folder Projects',
      bulletsRun('Projects', ['A']),
      1,
    );
    expect(await new RecipeMatchingService(files).all()).toHaveLength(1);
    await files.write('recipes.json', '{not json');
    expect(await new RecipeMatchingService(files).all()).toEqual([]);
  });
});
