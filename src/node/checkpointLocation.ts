import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import * as nodePath from 'node:path';
import { AgentError } from '../core/errors';

/** What the default location depends on; tests pass their own. */
export interface PlatformInfo {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
}

export function currentPlatform(): PlatformInfo {
  return { platform: process.platform, env: process.env, home: homedir() };
}

function pathFor(platform: NodeJS.Platform): typeof nodePath.posix {
  return platform === 'win32' ? nodePath.win32 : nodePath.posix;
}

/**
 * The per-user config folder: %APPDATA% on Windows, ~/Library/Application Support on macOS, $XDG_CONFIG_HOME or
 * ~/.config elsewhere. A relative XDG_CONFIG_HOME is ignored, as the XDG Base Directory spec requires.
 */
export function userConfigDir(info: PlatformInfo = currentPlatform()): string {
  const path = pathFor(info.platform);
  if (info.platform === 'win32') return info.env.APPDATA || path.join(info.home, 'AppData', 'Roaming');
  if (info.platform === 'darwin') return path.join(info.home, 'Library', 'Application Support');
  const xdg = info.env.XDG_CONFIG_HOME;
  return xdg && path.isAbsolute(xdg) ? xdg : path.join(info.home, '.config');
}

/**
 * A folder name that identifies one vault: its folder name, readable, plus a short hash of its absolute path,
 * so two vaults with the same name (or one vault moved elsewhere) never share a checkpoint repository.
 */
export function vaultCheckpointId(vaultPath: string, info: PlatformInfo = currentPlatform()): string {
  const path = pathFor(info.platform);
  const absolute = path.resolve(vaultPath);
  const name = path.basename(absolute).normalize('NFC');
  const readable =
    name
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/^[.-]+|[.-]+$/g, '')
      .slice(0, 40) || 'vault';
  const hash = createHash('sha256').update(`${absolute}\n${name}`).digest('hex').slice(0, 12);
  return `${readable}-${hash}`;
}

/** The default checkpoint folder: `<user config dir>/embedded-agent/checkpoints/<vault id>`, outside the vault. */
export function defaultCheckpointFolder(vaultPath: string, info: PlatformInfo = currentPlatform()): string {
  return pathFor(info.platform).join(
    userConfigDir(info),
    'embedded-agent',
    'checkpoints',
    vaultCheckpointId(vaultPath, info),
  );
}

/**
 * The folder the checkpoint repository lives in: the `checkpointLocation` setting when set, else the default.
 * A folder inside the vault is refused: sync services would copy the repository, Obsidian would index it, and
 * `<vault>/.git` would make it the vault's own repository.
 */
export function resolveCheckpointFolder(
  vaultPath: string,
  setting: string,
  info: PlatformInfo = currentPlatform(),
): string {
  const path = pathFor(info.platform);
  if (setting.trim() === '') return defaultCheckpointFolder(vaultPath, info);
  const vault = path.resolve(vaultPath);
  const folder = path.resolve(vault, setting.trim());
  const relative = path.relative(vault, folder);
  if (relative === '' || !(relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative))) {
    throw new AgentError(
      'FORBIDDEN_PATH',
      `The checkpoint folder "${folder}" is inside the vault "${vault}": choose a folder outside it, or leave the setting empty for the default`,
      { path: folder },
    );
  }
  return folder;
}
