/** One step of a recipe: a tool, with its arguments generalized into placeholders where they varied. */
export interface RecipeStep {
  tool: string;
  /** Arguments with values that came from the user's words replaced by `${paramName}`. */
  args: Record<string, unknown>;
  /** The step ran several times in a row with different arguments (one call per item of a list). */
  repeated: boolean;
}

/**
 * What a successful agent run did, generalized so that the next similar request can be planned in one call:
 * the tool skeleton, the parameters, and the words of the requests it was learned from.
 */
export interface Recipe {
  id: string;
  /** The first request it was learned from, for people reading the list. */
  example: string;
  /** The tool sequence ("vault.ensureFolder > vault.createFile*"): runs with the same one teach the same recipe. */
  signature: string;
  steps: RecipeStep[];
  parameters: string[];
  /** Word → in how many of the recipe's successful runs' requests it appeared. */
  words: Record<string, number>;
  successes: number;
  lastUsedAt: number;
}

/** A tool call of a finished run, as the loop recorded it. */
export interface RecordedCall {
  tool: string;
  input: Record<string, unknown>;
  ok: boolean;
}
