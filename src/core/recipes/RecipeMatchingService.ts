import type { PluginFilesPort } from '../ports/pluginFiles';
import { REDACTED, redactText } from '../tool-execution/redact';
import { learnRecipe, mergeRecipe } from './learnRecipe';
import { shapeRecipe } from './recipeShape';
import type { Recipe, RecipeStep, RecordedCall } from './types';
import { requestWords } from './words';

export const RECIPES_FILE = 'recipes.json';
/** The fast path runs only for recipes that worked this many times. */
export const MIN_SUCCESSES = 3;
/** And only when the request is this similar to the ones the recipe was learned from. */
export const MIN_SCORE = 0.5;
const MAX_RECIPES = 200;

export interface RecipeMatch {
  recipe: Recipe;
  score: number;
}

/**
 * Remembers what successful runs did (recipes, in the plugin folder, as shapes: see `shapeRecipe`) and finds the recipe a new request most
 * likely repeats. A match needs both a record (≥ 3 successes) and similarity (the request's words carry at least
 * half of the recipe's word weight, words seen in more of its runs weighing more).
 */
export class RecipeMatchingService {
  private recipes: Recipe[] | null = null;

  constructor(
    private readonly files: PluginFilesPort,
    /** Secret values never written into recipes (the configured API key), as in the audit log. */
    private readonly knownSecrets: () => readonly string[] = () => [],
  ) {}

  async all(): Promise<Recipe[]> {
    this.recipes ??= await this.load();
    return this.recipes;
  }

  /** Records a successful run; returns the recipe it taught or strengthened, or null when there was nothing to learn. */
  async recordSuccess(message: string, calls: readonly RecordedCall[], now: number): Promise<Recipe | null> {
    const secrets = this.knownSecrets();
    const redacted = redactText(message, secrets, { maxString: Infinity });
    // Learned from the request without its keys, so no part of one becomes a parameter or a word.
    const raw = learnRecipe(redacted.split(REDACTED).join(' '), calls, now);
    if (!raw) return null;
    const learned = shapeRecipe({ ...raw, example: redacted }, secrets);
    const recipes = await this.all();
    const index = recipes.findIndex((recipe) => recipe.signature === learned.signature);
    const recipe = index >= 0 ? shapeRecipe(mergeRecipe(recipes[index] as Recipe, learned), secrets) : learned;
    if (index >= 0) recipes[index] = recipe;
    else recipes.push(recipe);
    recipes.sort((a, b) => b.lastUsedAt - a.lastUsedAt).splice(MAX_RECIPES);
    await this.files.write(RECIPES_FILE, JSON.stringify(recipes, null, 1));
    return recipe;
  }

  /** The best recipe for `message` that is proven and similar enough, or null. */
  async match(message: string): Promise<RecipeMatch | null> {
    const words = new Set(requestWords(message));
    let best: RecipeMatch | null = null;
    for (const recipe of await this.all()) {
      if (recipe.successes < MIN_SUCCESSES) continue;
      const score = similarity(words, recipe);
      if (score >= MIN_SCORE && (!best || score > best.score)) best = { recipe, score };
    }
    return best;
  }

  private async load(): Promise<Recipe[]> {
    const text = await this.files.read(RECIPES_FILE);
    if (text === null) return [];
    try {
      const parsed = JSON.parse(text) as unknown;
      return Array.isArray(parsed)
        ? parsed.filter(isRecipe).map((recipe) => shapeRecipe(recipe, this.knownSecrets()))
        : [];
    } catch {
      // A damaged file only costs the learned shortcuts: start over rather than fail every run.
      return [];
    }
  }
}

function similarity(words: ReadonlySet<string>, recipe: Recipe): number {
  let total = 0;
  let shared = 0;
  for (const [word, count] of Object.entries(recipe.words)) {
    // A word counts only if it came back in at least half the runs: "XYZ" from one request is not the task.
    if (count * 2 < recipe.successes) continue;
    total += count;
    if (words.has(word)) shared += count;
  }
  return total === 0 ? 0 : shared / total;
}

function isRecipe(value: unknown): value is Recipe {
  const recipe = value as Partial<Recipe> | null;
  return (
    typeof recipe?.id === 'string' &&
    typeof recipe.signature === 'string' &&
    typeof recipe.example === 'string' &&
    Array.isArray(recipe.parameters) &&
    recipe.parameters.every((name) => typeof name === 'string') &&
    Array.isArray(recipe.steps) &&
    recipe.steps.every(
      (step: unknown) =>
        typeof (step as Partial<RecipeStep> | null)?.tool === 'string' &&
        typeof (step as RecipeStep).args === 'object' &&
        (step as RecipeStep).args !== null,
    ) &&
    typeof recipe.successes === 'number' &&
    typeof recipe.lastUsedAt === 'number' &&
    typeof recipe.words === 'object' &&
    recipe.words !== null
  );
}
