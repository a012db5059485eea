import type { ModesFilePort } from '../ports/modesFile';
import { GlobalModeStore } from './GlobalModeStore';
import { parseModeList } from './modeSchema';
import { ModeService } from './ModeService';
import type { GateSettings } from './types';

/** What the modes are loaded from: the per-user modes file and the vault's own modes as the settings hold them. */
export interface ModeSources {
  file: ModesFilePort;
  settings: () => GateSettings & { customModes?: readonly unknown[] };
  /** The mode a new session starts in; the built-in default (Ask) when absent. */
  startMode?: string;
}

/** The vault's own modes, from the settings (the plugin's `customModes`); none when the settings hold none. */
export function vaultModesOf(customModes: readonly unknown[] | undefined): ReturnType<typeof parseModeList> {
  return parseModeList(customModes ?? [], 'Custom modes (settings)', 'vault');
}

/**
 * Built-in modes plus the global modes file and the vault's own; a broken file or an invalid vault mode leaves
 * the rest working, and each problem is returned for the host to show (a hand-edited data.json is reported, not
 * silently dropped). An unknown `startMode` throws, naming it.
 */
export async function loadModes(sources: ModeSources): Promise<{ modes: ModeService; problems: string[] }> {
  const loaded = await new GlobalModeStore(sources.file).load();
  const vault = vaultModesOf(sources.settings().customModes);
  const modes = new ModeService({
    gates: () => sources.settings(),
    globalModes: loaded.modes,
    vaultModes: vault.modes,
  });
  if (sources.startMode !== undefined) modes.setActiveMode(sources.startMode);
  return { modes, problems: [...loaded.errors, ...vault.errors].map((error) => error.message) };
}
