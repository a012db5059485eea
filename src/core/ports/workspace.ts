export interface LeafInfo {
  id: string;
  viewType: string;
  title?: string;
  /** Vault path of the file the leaf shows, when it shows one. */
  filePath?: string;
}

export interface WorkspacePort {
  /** The file the user last had open in a Markdown (or other file) view; tracked, like the editor. */
  activeFilePath(): string | null;
  /** The view type of the active leaf ("markdown", "embedded-agent-chat", …), or null. */
  activeViewType(): string | null;
  openLeaves(): LeafInfo[];
  /** Opens a vault file (`NOT_FOUND` if absent) and returns the leaf it opened in. */
  openFile(path: string, options: { newLeaf: boolean; focus: boolean }): Promise<{ leafId?: string }>;
}
