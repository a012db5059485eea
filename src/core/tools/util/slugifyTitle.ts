import { slugify } from '../../util/slugify';
import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';

export interface SlugifyTitleInput {
  title: string;
  maxLength: number;
}

export interface SlugifyTitleOutput {
  slug: string;
}

export class SlugifyTitleTool extends BaseTool<SlugifyTitleInput, SlugifyTitleOutput> {
  readonly name = 'util.slugifyTitle' as const;

  execute(input: SlugifyTitleInput, _context: ToolContext): Promise<SlugifyTitleOutput> {
    return Promise.resolve({ slug: slugify(input.title, input.maxLength) });
  }
}
