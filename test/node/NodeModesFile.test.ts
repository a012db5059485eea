import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultModesFile, NodeModesFile } from '../../src/node/NodeModesFile';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe('NodeModesFile', () => {
  it('should live in the user config folder, outside every vault', () => {
    expect(defaultModesFile({ platform: 'linux', env: {}, home: '/home/u' })).toBe(
      '/home/u/.config/embedded-agent/modes.json',
    );
    expect(defaultModesFile({ platform: 'darwin', env: {}, home: '/Users/u' })).toBe(
      '/Users/u/Library/Application Support/embedded-agent/modes.json',
    );
    expect(
      defaultModesFile({ platform: 'win32', env: { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, home: 'C:\\Users\\u' }),
    ).toBe('C:\\Users\\u\\AppData\\Roaming\\embedded-agent\\modes.json');
  });

  it('should read null before the file exists, then what was written, creating its folder', async () => {
    const root = await mkdtemp(join(tmpdir(), 'ea-modes-'));
    folders.push(root);
    const file = new NodeModesFile(join(root, 'embedded-agent', 'modes.json'));
    expect(await file.read()).toBeNull();
    await file.write('{"modes": []}\n');
    expect(await file.read()).toBe('{"modes": []}\n');
  });
});
