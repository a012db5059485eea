export interface CommandInfo {
  /** Full id as Obsidian registers it, "editor:toggle-bold" or "<plugin id>:<command>". */
  id: string;
  name: string;
}

/** Obsidian's command registry (`app.commands`, not in the public typings but stable in practice). */
export interface CommandsPort {
  list(): CommandInfo[];
  /** Runs a command; false when Obsidian reports it did not run (unknown id, or its check callback said no). */
  run(id: string): Promise<boolean>;
  /** Ids of the community plugins that are installed, to tell their commands from core ones. */
  communityPluginIds(): string[];
}
