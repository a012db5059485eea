import type { AnyTool } from '../BaseTool';
import { ParseMarkdownBulletsTool } from './parseMarkdownBullets';
import { SlugifyTitleTool } from './slugifyTitle';

export function utilTools(): AnyTool[] {
  return [new ParseMarkdownBulletsTool(), new SlugifyTitleTool()];
}
