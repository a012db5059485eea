/**
 * A cheap test on a note's raw UTF-8 bytes that is false only when the note cannot match, so a vault that holds
 * bytes can skip decoding the notes that fail it (decoding UTF-8 is most of a cold search's work; ripgrep skips
 * it the same way). The bytes come as a "byte string": one char per byte, as `latin1` decoding gives, which costs
 * a copy and keeps each byte one V8 string unit. A true answer proves nothing: the caller decodes the note and
 * runs the real matcher on it. (Built by core/search/BytePrefilter.)
 */
export interface BytePrefilter {
  mayMatch(bytes: string): boolean;
}

/**
 * The vault as core sees it. Paths are vault-relative and already normalized ("Notes/Idea.md"; the root is
 * "/"). A name reaches the stored entry it equals in Unicode NFC ("Café" finds "Cafe" + U+0301 written on a Mac;
 * see `resolveStoredPath`), entries are named as stored, and a new name is written in the form it is given.
 * Names are case-sensitive. Every failure is an `AgentError` with a code: `NOT_FOUND`, `EXISTS`, `NOT_A_FILE`,
 * `NOT_A_FOLDER`.
 * Implementations: src/obsidian/ObsidianVault.ts (Vault + FileManager), src/node/NodeVault.ts (a folder on disk),
 * src/node/MemoryVault.ts (in memory). All three pass test/core/ports/vault.contract.ts.
 */
export interface VaultEntry {
  path: string;
  kind: 'file' | 'folder';
  /** Bytes on disk; 0 for folders. */
  sizeBytes: number;
  /** Last modification, ms since the epoch; 0 for folders where the platform has none. */
  mtimeMs: number;
}

export type VaultEvent =
  | { type: 'create'; path: string }
  | { type: 'modify'; path: string }
  | { type: 'delete'; path: string }
  | { type: 'rename'; path: string; oldPath: string };

export interface VaultPort {
  /** The config folder's name (Obsidian's `Vault.configDir`, usually ".obsidian"). */
  readonly configDir: string;

  /** The entry at `path`, or null when nothing is there. Never throws for a missing path. */
  stat(path: string): Promise<VaultEntry | null>;
  /** Reads a text file fresh from storage. */
  read(path: string): Promise<string>;
  /** Reads a text file, from a cache when the platform keeps one (Obsidian's `cachedRead`); for display and search. */
  cachedRead(path: string): Promise<string>;
  readBinary(path: string): Promise<Uint8Array>;
  /**
   * Many `cachedRead`s at once, in order, with null for a file that is no longer there. Optional: for scans over
   * thousands of notes (search), where one call instead of thousands of awaited ones is what makes them fast.
   * With a `prefilter`, a vault that holds raw bytes may answer false for a file whose bytes fail it (it cannot
   * match), without decoding it.
   */
  cachedReadMany?(paths: readonly string[], prefilter?: BytePrefilter): Promise<(string | null | false)[]>;

  /** Creates a new text file; `EXISTS` if anything is at `path`. Missing parent folders are created first. */
  create(path: string, content: string): Promise<VaultEntry>;
  /** Replaces the content of an existing text file (Obsidian's `Vault.process`, atomic). `NOT_FOUND` if absent. */
  modify(path: string, content: string): Promise<VaultEntry>;
  /**
   * Writes raw bytes: creates the file (and missing parent folders) or replaces its content; `NOT_A_FILE` if a
   * folder is at `path`. For content that is not valid UTF-8 text (images, PDFs), which the text calls would
   * corrupt; text goes through `create`/`modify`. Obsidian: `Vault.createBinary`/`modifyBinary`.
   */
  writeBinary(path: string, data: Uint8Array): Promise<VaultEntry>;
  /** Appends to an existing text file. `NOT_FOUND` if absent. */
  append(path: string, content: string): Promise<VaultEntry>;
  /** Creates a folder and any missing parents; `EXISTS` if a file is at `path`; nothing happens if the folder exists. */
  createFolder(path: string): Promise<void>;
  /**
   * Moves a file or folder (Obsidian's `FileManager.renameFile`, which updates links to it). `EXISTS` if the
   * target is taken, `NOT_FOUND` if the source is missing. Missing parent folders of the target are created.
   */
  rename(fromPath: string, toPath: string): Promise<void>;
  /** Moves a file or folder to the trash the user configured (Obsidian's `FileManager.trashFile`). */
  trash(path: string): Promise<void>;
  /**
   * Where `trash(path)` would put the entry if called now, without moving anything: its place in the vault's own
   * trash folder (".trash/Note 2.md"), or null when nothing is at `path`; throws what `trash` would (a `.trash` that
   * is a link to nowhere), so a delete is refused before it is asked for. A checkpoint records that place as empty,
   * so a revert that brings the entry back takes the trashed copy out again rather than leaving a second copy in the
   * trash. Platforms whose trash may lie outside the vault, or that cannot tell, omit this.
   */
  trashDestination?(path: string): Promise<string | null>;
  /** Deletes a file or folder (with its contents) permanently. */
  delete(path: string): Promise<void>;
  /**
   * Deletes the folder at `path` only if it holds nothing at all, hidden entries included (which `list` may not
   * show); returns false, changing nothing, when it holds anything. `NOT_FOUND` if absent, `NOT_A_FOLDER` for a
   * file. For undoing a folder's creation without taking what was put in it since.
   */
  deleteEmptyFolder(path: string): Promise<boolean>;
  /**
   * The hidden entries (a name starting with ".", or one the platform cannot open by name, such as bytes that are
   * not UTF-8 on disk) in `folder` and below, which `list` may leave out: a hidden folder is named once, not what
   * it holds. Empty when there are none, or no such folder. For refusing a change
   * that no checkpoint could record, since checkpoints record what `list` shows.
   */
  hiddenEntries(folder: string): Promise<string[]>;

  /**
   * Files and folders under `folder` ("/" for the root), not including `folder` itself; with `recursive` all
   * descendants. Hidden entries (names starting with ".") are included only when the platform shows them.
   * Order: by path.
   */
  list(folder: string, recursive: boolean): Promise<VaultEntry[]>;

  /**
   * The bytes this vault itself last wrote to `path`, given once and only while the file is as that write left it
   * (see `WrittenBytes`); null otherwise. Lets a checkpoint record a write's result without reading the note back.
   */
  takeWritten?(path: string): Promise<Uint8Array | null>;

  /**
   * Files whose links the platform rewrites when `path` (a file, or a folder and everything in it) is moved: a
   * rename touches them too, so they are checkpointed with it. Platforms that do not rewrite links omit this.
   */
  linksTo?(path: string): Promise<string[]>;

  /**
   * The symbolic links at `path` or below it (outside hidden folders; a linked folder is named once, not what it
   * leads to). For refusing to move or delete a link: a checkpoint keeps the bytes a link leads to, so a revert
   * would bring back a copy, not the link. Platforms that do not follow links inside the vault omit this.
   */
  links?(path: string): Promise<string[]>;

  /**
   * Why the platform would refuse to write `path` though the sandbox allows it (a file with another hard link,
   * which may lie outside the vault), or null. The pipeline asks before approval, so nobody is asked to approve a
   * write that would fail. Platforms that refuse nothing more, or cannot tell, omit this.
   */
  writeDenial?(path: string): Promise<string | null>;

  /**
   * The vault path `path` leads to once symbolic links on the way are followed ("Public/a.md" → "Private/a.md"
   * when Public links to Private), so that the ignore rules judge where a call really reads or writes. Platforms
   * that do not follow links inside the vault, or cannot tell, omit this.
   */
  resolveLinks?(path: string): Promise<string>;

  /** Subscribes to changes; returns the function that unsubscribes. */
  onChange(listener: (event: VaultEvent) => void): () => void;
}
