import { parseBullets, type BulletItem } from '../../util/bullets';
import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';

export interface ParseMarkdownBulletsInput {
  text: string;
  allowNested: boolean;
}

export interface ParseMarkdownBulletsOutput {
  items: BulletItem[];
  count: number;
}

/**
 * The tool reference's example lists "Nested item" (depth 1) among the items of a call without arguments; that
 * is the `allowNested: true` result. By default only top-level bullets are items, as its input documents.
 */
export class ParseMarkdownBulletsTool extends BaseTool<ParseMarkdownBulletsInput, ParseMarkdownBulletsOutput> {
  readonly name = 'util.parseMarkdownBullets' as const;

  execute(input: ParseMarkdownBulletsInput, _context: ToolContext): Promise<ParseMarkdownBulletsOutput> {
    const items = parseBullets(input.text, { allowNested: input.allowNested });
    return Promise.resolve({ items, count: items.length });
  }
}
