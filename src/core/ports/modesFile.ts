/**
 * The file that holds the user's global modes (shared by every vault). src/node/NodeModesFile.ts keeps it at
 * `<user config dir>/embedded-agent/modes.json`; failures are AgentErrors that name the file.
 */
export interface ModesFilePort {
  /** Where the file is, for messages ("~/.config/embedded-agent/modes.json"). */
  readonly location: string;
  /** The file's text, or null when it does not exist yet. */
  read(): Promise<string | null>;
  /** Replaces the file's text (all at once), creating its folder when missing. */
  write(text: string): Promise<void>;
}
