/**
 * Whether a selection may be shared with the model: only when the ignore rules let the agent read the note it is
 * in. An unsaved buffer has no file of its own; the note active beside it decides, since that is what the user sees.
 */
export function selectionReadable(
  filePath: string | null,
  activeFile: string | null,
  readable: (path: string) => boolean,
): boolean {
  const owner = filePath ?? activeFile;
  return owner === null || readable(owner);
}
