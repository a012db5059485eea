import { describe, expect, it } from 'vitest';
import {
  defaultCheckpointFolder,
  resolveCheckpointFolder,
  userConfigDir,
  vaultCheckpointId,
  type PlatformInfo,
} from '../../src/node/checkpointLocation';

const linux: PlatformInfo = { platform: 'linux', env: {}, home: '/home/ada' };
const mac: PlatformInfo = { platform: 'darwin', env: {}, home: '/Users/ada' };
const windows: PlatformInfo = {
  platform: 'win32',
  env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' },
  home: 'C:\\Users\\ada',
};

describe('userConfigDir', () => {
  it('should use ~/.config on Linux, or XDG_CONFIG_HOME when it is absolute', () => {
    expect(userConfigDir(linux)).toBe('/home/ada/.config');
    expect(userConfigDir({ ...linux, env: { XDG_CONFIG_HOME: '/xdg' } })).toBe('/xdg');
    expect(userConfigDir({ ...linux, env: { XDG_CONFIG_HOME: 'relative' } })).toBe('/home/ada/.config');
  });

  it('should use ~/Library/Application Support on macOS', () => {
    expect(userConfigDir(mac)).toBe('/Users/ada/Library/Application Support');
  });

  it('should use %APPDATA% on Windows, or its usual place when unset', () => {
    expect(userConfigDir(windows)).toBe('C:\\Users\\ada\\AppData\\Roaming');
    expect(userConfigDir({ ...windows, env: {} })).toBe('C:\\Users\\ada\\AppData\\Roaming');
  });
});

describe('vaultCheckpointId', () => {
  it('should be the vault folder name plus a short hash of its absolute path', () => {
    expect(vaultCheckpointId('/home/ada/Vaults/Work', linux)).toMatch(/^Work-[0-9a-f]{12}$/);
  });

  it('should differ for two vaults with the same name in different places', () => {
    expect(vaultCheckpointId('/home/ada/A/Notes', linux)).not.toBe(vaultCheckpointId('/home/ada/B/Notes', linux));
  });

  it('should be the same for the same vault however the path is spelled', () => {
    expect(vaultCheckpointId('/home/ada/Vaults/Work/', linux)).toBe(
      vaultCheckpointId('/home/ada/Vaults/./Work', linux),
    );
  });

  it('should keep letters of any script and replace characters a folder name cannot hold', () => {
    expect(vaultCheckpointId('/v/Grüße: "mein" Tresor', linux)).toMatch(/^Grüße-mein-Tresor-[0-9a-f]{12}$/);
    expect(vaultCheckpointId('/v/...', linux)).toMatch(/^vault-[0-9a-f]{12}$/);
  });
});

describe('defaultCheckpointFolder', () => {
  it('should put the repository under the user config dir, outside the vault', () => {
    const folder = defaultCheckpointFolder('/home/ada/Vaults/Work', linux);
    expect(folder).toBe(
      `/home/ada/.config/embedded-agent/checkpoints/${vaultCheckpointId('/home/ada/Vaults/Work', linux)}`,
    );
    expect(folder.startsWith('/home/ada/Vaults/Work')).toBe(false);
  });

  it('should use Windows paths on Windows', () => {
    expect(defaultCheckpointFolder('D:\\Vaults\\Work', windows)).toMatch(
      /^C:\\Users\\ada\\AppData\\Roaming\\embedded-agent\\checkpoints\\Work-[0-9a-f]{12}$/,
    );
  });
});

describe('resolveCheckpointFolder', () => {
  it('should use the default when the setting is empty', () => {
    expect(resolveCheckpointFolder('/home/ada/Vaults/Work', '  ', linux)).toBe(
      defaultCheckpointFolder('/home/ada/Vaults/Work', linux),
    );
  });

  it('should use the folder the setting names', () => {
    expect(resolveCheckpointFolder('/home/ada/Vaults/Work', '/backups/checkpoints', linux)).toBe(
      '/backups/checkpoints',
    );
    expect(resolveCheckpointFolder('/home/ada/Vaults/Work', '../Work-checkpoints', linux)).toBe(
      '/home/ada/Vaults/Work-checkpoints',
    );
  });

  it('should refuse a folder inside the vault, its .git included', () => {
    expect(() => resolveCheckpointFolder('/home/ada/Vaults/Work', '/home/ada/Vaults/Work/.git', linux)).toThrow(
      'The checkpoint folder "/home/ada/Vaults/Work/.git" is inside the vault "/home/ada/Vaults/Work": choose a folder outside it, or leave the setting empty for the default',
    );
    expect(() => resolveCheckpointFolder('/home/ada/Vaults/Work', '.', linux)).toThrow('is inside the vault');
    expect(() => resolveCheckpointFolder('D:\\Vaults\\Work', 'D:\\Vaults\\Work\\cp', windows)).toThrow(
      'is inside the vault',
    );
  });
});
