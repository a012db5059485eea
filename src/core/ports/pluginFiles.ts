/**
 * Files in the plugin's own folder (`<vault>/<configDir>/plugins/embedded-agent/`): caches, audit, temporary
 * results. Paths are relative to that folder. Not part of the vault the agent sees: tools never reach it.
 */
export interface PluginFilesPort {
  /** The file's text, or null when it does not exist. */
  read(path: string): Promise<string | null>;
  /** Writes (creating parent folders). */
  write(path: string, content: string): Promise<void>;
  append(path: string, content: string): Promise<void>;
  /** ms since the epoch of the last modification, or null when it does not exist. */
  mtime(path: string): Promise<number | null>;
  /** Removes a file, or a folder with everything in it; nothing happens when it does not exist. */
  remove(path: string): Promise<void>;
  /** Names (not paths) of the entries directly in `folder`; [] when it does not exist. */
  list(folder: string): Promise<string[]>;
}
