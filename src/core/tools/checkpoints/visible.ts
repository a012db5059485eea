import type { ToolContext } from '../types';

/** Whether a checkpoint tool may name a recorded path: by the path itself and by the path it leads to. */
export type Visible = (path: string) => Promise<boolean>;

/**
 * The ignore rules as the checkpoint tools apply them. A checkpoint may hold a note the rules hide: a folder
 * recorded whole, or rules written after the run. The tools show it no more than vault.readFile would, also when
 * the recorded path is a link to such a note. A path whose target cannot be resolved is not shown.
 */
export function visibleIn(context: ToolContext): Visible {
  const { readable } = context;
  const resolve = context.vault.resolveLinks?.bind(context.vault);
  return async (path) => {
    if (!readable) return true;
    if (!readable(path)) return false;
    if (!resolve) return true;
    try {
      return readable(await resolve(path));
    } catch {
      return false;
    }
  };
}

/** The paths of `paths` that `visible` lets through, in order. */
export async function onlyVisible(paths: readonly string[], visible: Visible): Promise<string[]> {
  const kept: string[] = [];
  for (const path of paths) if (await visible(path)) kept.push(path);
  return kept;
}
