import { AgentError } from '../../errors';
import type { EditorRange } from '../../ports/editor';
import { selectionReadable } from '../../util/selectionReadable';
import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';

export interface GetSelectionOutput {
  text: string;
  isEmpty: boolean;
  filePath?: string;
  mode: 'source' | 'preview' | 'unknown';
  range?: EditorRange;
}

/**
 * The text the user selected in the Markdown editor they last used. With no editor open the answer is an empty
 * selection, not an error: "nothing is selected" is true, and plans that start from the selection (parse its
 * bullets, then create notes) can then stop or ask for input instead of failing on a read. A selection in a note
 * the ignore rules hide is refused: the pipeline checks path arguments, and this tool has none.
 */
export class GetSelectionTool extends BaseTool<Record<string, never>, GetSelectionOutput> {
  readonly name = 'editor.getSelection' as const;

  /** A saved action gets the selection and the active note from its placeholders when it runs. */
  override readsSavedActionContext(): boolean {
    return true;
  }

  execute(_input: Record<string, never>, context: ToolContext): Promise<GetSelectionOutput> {
    const snapshot = context.editor.snapshot();
    if (!snapshot) return Promise.resolve({ text: '', isEmpty: true, mode: 'unknown' });
    const { readable } = context;
    // An unsaved buffer belongs to the active note. The refusal names no path: a name is as hidden as a text.
    if (
      readable &&
      !selectionReadable(snapshot.filePath, snapshot.filePath ?? context.workspace.activeFilePath(), readable)
    ) {
      return Promise.reject(
        new AgentError(
          'FORBIDDEN_PATH',
          'The selection is in a note the ignore rules (.agentignore) hide, so it is not shared; ask the user to select text in a note the agent may read',
        ),
      );
    }
    return Promise.resolve({
      text: snapshot.selection,
      isEmpty: snapshot.selection === '',
      ...(snapshot.filePath === null ? {} : { filePath: snapshot.filePath }),
      mode: snapshot.mode,
      range: snapshot.range,
    });
  }
}
