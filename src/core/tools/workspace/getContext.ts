import type { LeafInfo } from '../../ports/workspace';
import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';

export interface GetContextInput {
  includeOpenLeaves: boolean;
  includeActiveViewState: boolean;
}

export interface GetContextOutput {
  activeFilePath?: string;
  activeViewType?: string;
  /** Whether the active file is a Markdown note, so the editor tools can work on it. */
  isMarkdown: boolean;
  openLeaves?: LeafInfo[];
  /** Length in UTF-16 code units, as the editor counts. */
  selectionSummary?: { isEmpty: boolean; length: number };
}

/**
 * A short description of the workspace. `isMarkdown` follows the active *file*, not the active view: while the
 * user types in the chat panel, the panel is the active view, yet the note they were in is what they mean.
 */
export class GetContextTool extends BaseTool<GetContextInput, GetContextOutput> {
  readonly name = 'workspace.getContext' as const;

  /** A saved action gets the selection and the active note from its placeholders when it runs. */
  override readsSavedActionContext(): boolean {
    return true;
  }

  execute(input: GetContextInput, context: ToolContext): Promise<GetContextOutput> {
    const { workspace } = context;
    // What the ignore rules hide is left out, name and selection alike.
    const shown = (path: string | null | undefined): boolean =>
      path === null || path === undefined || context.readable?.(path) !== false;
    const active = workspace.activeFilePath();
    const activeFilePath = shown(active) ? active : null;
    const activeViewType = workspace.activeViewType();
    const output: GetContextOutput = {
      ...(activeFilePath === null ? {} : { activeFilePath }),
      ...(activeViewType === null ? {} : { activeViewType }),
      isMarkdown: activeFilePath !== null && /\.md$/i.test(activeFilePath),
    };
    if (input.includeOpenLeaves)
      output.openLeaves = workspace
        .openLeaves()
        .filter((leaf) => shown(leaf.filePath))
        .map(describeLeaf);
    if (input.includeActiveViewState) {
      const snapshot = context.editor.snapshot();
      const selection = snapshot && shown(snapshot.filePath ?? active) ? snapshot.selection : '';
      output.selectionSummary = { isEmpty: selection === '', length: selection.length };
    }
    return Promise.resolve(output);
  }
}

/** Only the schema's fields, and no `undefined` values that would not survive JSON. */
function describeLeaf(leaf: LeafInfo): LeafInfo {
  return {
    id: leaf.id,
    viewType: leaf.viewType,
    ...(leaf.title === undefined ? {} : { title: leaf.title }),
    ...(leaf.filePath === undefined ? {} : { filePath: leaf.filePath }),
  };
}
