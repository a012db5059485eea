// @vitest-environment happy-dom
import { ObsidianVault } from '../../src/obsidian/ObsidianVault';
import { describeVaultContract } from '../core/ports/vault.contract';
import { createTestApp, setVaultConfig } from '../obsidian-double/harness';

// The contract's trash is the vault's `.trash/` folder: Obsidian's "Move to Obsidian trash" setting.
describeVaultContract('ObsidianVault over the obsidian double', (initial) => {
  const app = createTestApp({ files: initial });
  setVaultConfig(app, 'trashOption', 'local');
  return Promise.resolve({ vault: new ObsidianVault(app.vault, app.fileManager) });
});
