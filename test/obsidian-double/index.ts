/**
 * The `obsidian` module in tests (vitest.config.ts aliases it here). Everything comes from obsidian-test-mocks;
 * where the mock is not faithful to the real app, its classes are patched in place (so objects the mock creates
 * internally behave the same) and its functions are replaced below. See README.md in this folder.
 */
import { Vault } from 'obsidian-test-mocks/obsidian';
import { patchAdapter } from './adapterPatch';
import { patchApp } from './appPatch';
import { patchEditor } from './editorPatch';
import { patchFileManager } from './fileManagerPatch';
import { patchMarkdownRenderer } from './markdownRenderer';
import { patchMetadataCache } from './metadataCachePatch';
import { patchNotice } from './noticePatch';
import { patchStatusBar } from './statusBarPatch';
import { patchVault } from './vaultPatch';
import { patchViews } from './viewsPatch';
import { patchWorkspace } from './workspacePatch';

export * from 'obsidian-test-mocks/obsidian';
export { normalizePath } from './normalizePath';
export { requestUrl } from './requestUrl';

const PATCHED = Symbol.for('embedded-agent.obsidian-double');

// The mock module can outlive one test file in a worker; patch its classes once.
if (!Object.prototype.hasOwnProperty.call(Vault.prototype, PATCHED)) {
  Object.defineProperty(Vault.prototype, PATCHED, { value: true });
  patchAdapter();
  patchVault();
  patchMetadataCache();
  patchFileManager();
  patchEditor();
  patchWorkspace();
  patchViews();
  patchApp();
  patchMarkdownRenderer();
  patchNotice();
  patchStatusBar();
}

// Obsidian's DOM helpers (createDiv, createEl, …) and the global `app` need a DOM: test files that construct an
// App or a view run under `// @vitest-environment happy-dom`. Without one, the module still loads (the setup
// module reads `document` as it loads, hence the dynamic import).
if (typeof Document !== 'undefined' && !Object.prototype.hasOwnProperty.call(globalThis, 'createDiv')) {
  const { setup } = await import('obsidian-test-mocks/setup');
  setup();
  const { patchIsShown } = await import('./isShownPatch');
  patchIsShown();
}
