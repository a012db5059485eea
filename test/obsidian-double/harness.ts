/**
 * Helpers for tests that need an Obsidian `App` over an in-memory vault. They return the `obsidian` types that
 * production code takes, plus typed handles on what obsidian.d.ts does not declare (`app.commands`, `app.plugins`).
 * Constructing an App needs a DOM: use `// @vitest-environment happy-dom`.
 */
import { App as MockApp, Vault as MockVault } from './index';
import type { App, PluginManifest } from 'obsidian';
import type { CommandRegistry } from './commands';
import type { PluginRegistry } from './appPatch';

export interface TestAppOptions {
  /** Vault files by path; a path ending in "/" is an empty folder. Parent folders are created. */
  files?: Record<string, string>;
  /** Installed community plugins (`app.plugins.manifests`). */
  plugins?: PluginManifest[];
}

export function createTestApp(options: TestAppOptions = {}): App {
  const app = MockApp.createConfigured__({ files: options.files ?? {} });
  for (const manifest of options.plugins ?? [])
    (app as unknown as { plugins: PluginRegistry }).plugins.manifests[manifest.id] = manifest;
  return app.asOriginalType__();
}

export function commandsOf(app: App): CommandRegistry {
  return (app as unknown as { commands: CommandRegistry }).commands;
}

export function pluginsOf(app: App): PluginRegistry {
  return (app as unknown as { plugins: PluginRegistry }).plugins;
}

/** A vault setting (`vault.getConfig`): "trashOption", "alwaysUpdateLinks", "newLinkFormat", …. */
export function setVaultConfig(app: App, key: string, value: unknown): void {
  MockVault.fromOriginalType2__(app.vault).setConfig__(key, value);
}

export function manifest(id: string, name = id): PluginManifest {
  return { id, name, author: 'Test', version: '1.0.0', minAppVersion: '1.0.0', description: `${name}.` };
}
