import { mkdir, readFile } from 'node:fs/promises';
import * as nodePath from 'node:path';
import type { ModesFilePort } from '../core/ports/modesFile';
import { currentPlatform, userConfigDir, type PlatformInfo } from './checkpointLocation';
import { writeAtomically } from './diskFiles';
import { asVaultError, fromFsError, fsCode } from './fsErrors';

/** `<user config dir>/embedded-agent/modes.json`: outside every vault, so all of them share its modes. */
export function defaultModesFile(info: PlatformInfo = currentPlatform()): string {
  const path = info.platform === 'win32' ? nodePath.win32 : nodePath.posix;
  return path.join(userConfigDir(info), 'embedded-agent', 'modes.json');
}

/** The global modes file on disk. */
export class NodeModesFile implements ModesFilePort {
  constructor(readonly location: string = defaultModesFile()) {}

  async read(): Promise<string | null> {
    try {
      return await readFile(this.location, 'utf8');
    } catch (error) {
      if (fsCode(error) === 'ENOENT') return null;
      throw fromFsError(error, this.location, 'read');
    }
  }

  async write(text: string): Promise<void> {
    await asVaultError(
      mkdir(nodePath.dirname(this.location), { recursive: true }),
      nodePath.dirname(this.location),
      'create',
    );
    // Replaced atomically: a crash mid-write leaves the old modes, never half a file.
    await asVaultError(writeAtomically(this.location, text, 0o644), this.location, 'write');
  }
}
