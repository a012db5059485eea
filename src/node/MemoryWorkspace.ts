import { AgentError } from '../core/errors';
import { baseName, splitExtension } from '../core/paths/normalizePath';
import type { VaultPort } from '../core/ports/vault';
import type { LeafInfo, WorkspacePort } from '../core/ports/workspace';
import type { MemoryEditor } from './MemoryEditor';

/** Obsidian's built-in view for each file extension; other extensions have none ("unknown"). */
const VIEW_TYPE_BY_EXTENSION: Record<string, string> = {
  md: 'markdown',
  canvas: 'canvas',
  base: 'bases',
  pdf: 'pdf',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  bmp: 'image',
  svg: 'image',
  webp: 'image',
  avif: 'image',
  mp3: 'audio',
  wav: 'audio',
  m4a: 'audio',
  ogg: 'audio',
  flac: 'audio',
  '3gp': 'audio',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
  mkv: 'video',
  ogv: 'video',
};

export function viewTypeForFile(path: string): string {
  return VIEW_TYPE_BY_EXTENSION[splitExtension(baseName(path)).extension.toLowerCase()] ?? 'unknown';
}

export interface MemoryWorkspaceOptions {
  /** Files are looked up here: opening a missing one fails with `NOT_FOUND`. */
  vault: VaultPort;
  /** When given, the editor follows the file leaf the user last worked in, as Obsidian's Markdown view does. */
  editor?: MemoryEditor;
}

/**
 * Obsidian's workspace held in memory: leaves (tabs and side panels) with ids, one of them active. Like the
 * plugin's real adapter it tracks the file leaf the user last worked in, so focusing a side panel (the chat)
 * changes the active view type but not the active file.
 */
export class MemoryWorkspace implements WorkspacePort {
  private readonly vault: VaultPort;
  private readonly editor?: MemoryEditor;
  private readonly leaves: LeafInfo[] = [];
  private activeId: string | null = null;
  /** The leaf that last showed a file while active: the one `activeFilePath` and the editor follow. */
  private fileLeafId: string | null = null;
  private nextId = 1;

  constructor(options: MemoryWorkspaceOptions) {
    this.vault = options.vault;
    this.editor = options.editor;
  }

  activeFilePath(): string | null {
    return this.leaf(this.fileLeafId)?.filePath ?? null;
  }

  activeViewType(): string | null {
    return this.leaf(this.activeId)?.viewType ?? null;
  }

  /** The id of the active leaf (a side panel, too), or null. */
  activeLeafId(): string | null {
    return this.activeId;
  }

  openLeaves(): LeafInfo[] {
    return this.leaves.map((leaf) => ({ ...leaf }));
  }

  /**
   * Opens a vault file. Without `newLeaf` it replaces the file of the leaf the user last worked in (a new leaf
   * when there is none), as Obsidian's `getLeaf(false)` does; with `focus` the leaf becomes the active one.
   */
  async openFile(path: string, options: { newLeaf: boolean; focus: boolean }): Promise<{ leafId?: string }> {
    const entry = await this.vault.stat(path);
    if (!entry) throw new AgentError('NOT_FOUND', `"${path}" does not exist`, { path });
    if (entry.kind !== 'file') throw new AgentError('NOT_A_FILE', `"${path}" is a folder, not a file`, { path });
    // Named as the vault stores it ("Cafe" + U+0301 for "Café" written on a Mac), as Obsidian names its files.
    const file = {
      viewType: viewTypeForFile(entry.path),
      title: splitExtension(baseName(entry.path)).stem,
      filePath: entry.path,
    };
    let leaf = options.newLeaf ? undefined : this.leaf(this.fileLeafId);
    if (leaf) Object.assign(leaf, file);
    else leaf = this.addLeaf(file);
    // A background tab does not change what the user works in; the reused leaf or a focused one does.
    if (options.focus || leaf.id === this.fileLeafId) await this.track(leaf, options.focus);
    return { leafId: leaf.id };
  }

  /** Adds a leaf without focusing it (a sidebar panel such as the chat, or a tab). Returns it. */
  addLeaf(leaf: Omit<LeafInfo, 'id'>): LeafInfo {
    const added: LeafInfo = { id: `leaf-${this.nextId++}`, ...leaf };
    this.leaves.push(added);
    return added;
  }

  /** Makes a leaf active, as clicking into it does; a file leaf also becomes the one the editor shows. */
  async focus(leafId: string): Promise<void> {
    const leaf = this.leaf(leafId);
    if (!leaf)
      throw new AgentError(
        'NOT_FOUND',
        `No leaf with id "${leafId}"; open leaves: ${this.leaves.map((l) => l.id).join(', ') || 'none'}`,
      );
    if (leaf.filePath !== undefined) await this.track(leaf, true);
    else this.activeId = leaf.id;
  }

  /** Closes a leaf; when it was the tracked file leaf, no file is active and the editor closes. */
  closeLeaf(leafId: string): void {
    const index = this.leaves.findIndex((leaf) => leaf.id === leafId);
    if (index < 0) return;
    this.leaves.splice(index, 1);
    if (this.activeId === leafId) this.activeId = null;
    if (this.fileLeafId === leafId) {
      this.fileLeafId = null;
      this.editor?.close();
    }
  }

  private async track(leaf: LeafInfo, focus: boolean): Promise<void> {
    this.fileLeafId = leaf.id;
    if (focus) this.activeId = leaf.id;
    if (!this.editor) return;
    // Only a Markdown view has an editor; a canvas or PDF in the tracked leaf leaves no editor to work in.
    if (leaf.viewType === 'markdown' && leaf.filePath !== undefined) await this.editor.open(leaf.filePath);
    else this.editor.close();
  }

  private leaf(id: string | null): LeafInfo | undefined {
    return id === null ? undefined : this.leaves.find((leaf) => leaf.id === id);
  }
}
