import type { AnyTool } from '../BaseTool';
import { GetActiveFilePathTool } from './getActiveFilePath';
import { GetSelectionTool } from './getSelection';
import { InsertAtCursorTool } from './insertAtCursor';
import { ReplaceSelectionTool } from './replaceSelection';

export function editorTools(): AnyTool[] {
  return [new GetSelectionTool(), new ReplaceSelectionTool(), new InsertAtCursorTool(), new GetActiveFilePathTool()];
}
