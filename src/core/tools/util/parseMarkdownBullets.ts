import { type BulletItem, type NestedBulletItem, nestBullets, parseBullets } from '../../util/bullets';
import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';

export interface ParseMarkdownBulletsInput {
  text: string;
  allowNested: boolean;
}

export interface ParseMarkdownBulletsOutput {
  items: BulletItem[] | NestedBulletItem[];
  count: number;
}

/**
 * By default every bullet is an item, nested ones too, each with its depth: the tool reference's example output for
 * a call without options. `allowNested: true` nests them instead: the top-level bullets are the items, each holding
 * the bullets under it in `children`, so a plan can make one note per top-level bullet.
 */
export class ParseMarkdownBulletsTool extends BaseTool<ParseMarkdownBulletsInput, ParseMarkdownBulletsOutput> {
  readonly name = 'util.parseMarkdownBullets' as const;

  /** All the selection's bullets, as by default, are what `${selectionBullets}` gives a saved action. */
  override readsSavedActionContext(input: unknown, selection: string | null): boolean {
    if (selection === null || typeof input !== 'object' || input === null) return false;
    const call = input as { text?: unknown; allowNested?: unknown };
    return call.text === selection && call.allowNested !== true;
  }

  execute(input: ParseMarkdownBulletsInput, _context: ToolContext): Promise<ParseMarkdownBulletsOutput> {
    const flat = parseBullets(input.text);
    const items = input.allowNested ? nestBullets(flat) : flat;
    return Promise.resolve({ items, count: items.length });
  }
}
