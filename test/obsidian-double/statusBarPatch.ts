import { Plugin } from 'obsidian-test-mocks/obsidian';

/**
 * A plugin's status bar item shows as in Obsidian: a `.status-bar-item` in the document's `.status-bar`, removed
 * when the plugin unloads. The mock keeps it detached, so a test could not find it.
 */
export function patchStatusBar(): void {
  const proto = Plugin.prototype as unknown as { addStatusBarItem: () => HTMLElement };
  proto.addStatusBarItem = function (this: Plugin): HTMLElement {
    let bar = document.body.querySelector('.status-bar');
    if (!bar) bar = document.body.createDiv({ cls: 'status-bar' });
    const el = bar.createDiv({ cls: 'status-bar-item' });
    this.register(() => el.remove());
    return el;
  };
}
