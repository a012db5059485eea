/**
 * The screenshot page (bundled by scripts/screenshots.ts): mounts one real component over the obsidian double,
 * chosen by `?view=`, in the theme chosen by `?theme=`, then sets `window.screenshotReady`.
 */
import { Plugin } from 'obsidian';
import { DEFAULT_SETTINGS, type EmbeddedAgentSettings } from '../../../src/settings/settings';
import { ApprovalCard } from '../../../src/ui/ApprovalCard';
import { ExecutionLog } from '../../../src/ui/ExecutionLog';
import { PlanPreview } from '../../../src/ui/PlanPreview';
import { ProgressBar } from '../../../src/ui/ProgressBar';
import { PlanRunView } from '../../../src/ui/plan/PlanRunView';
import { EmbeddedAgentSettingTab } from '../../../src/ui/SettingsTab';
import { outsideClientName } from '../../../src/core/session/clientName';
import { ObsidianSecrets } from '../../../src/obsidian/ObsidianSecrets';
import { McpServerHost } from '../../../src/plugin/McpServerHost';
import { createTestApp, manifest } from '../../obsidian-double/harness';
import { click, getByLabel, getByRole, type } from '../support/a11y';
import { modifyRequest, planPreview, planRequest } from '../support/fixtures';
import { patchObsidianLikeControls } from '../support/obsidianLikeControls';
import { mountChat, type ChatShot } from './chatPage';

import { mountPlanShot } from './planShots';
import { mountChangesShot } from './changesShots';

patchObsidianLikeControls();

class ScreenshotPlugin extends Plugin {
  override settings: EmbeddedAgentSettings = structuredClone(DEFAULT_SETTINGS);
  async saveSettings(): Promise<void> {
    await Promise.resolve();
  }
}

const params = new URLSearchParams(location.search);
document.body.addClass(params.get('theme') === 'dark' ? 'theme-dark' : 'theme-light');
const root = document.body.createDiv({ cls: 'shot', attr: { id: 'shot' } });

async function mount(view: string | null): Promise<void> {
  switch (view) {
    case 'approval':
      root.addClass('is-sidebar');
      new ApprovalCard(root, modifyRequest(), () => undefined).load();
      return;
    case 'approval-client':
      root.addClass('is-sidebar');
      new ApprovalCard(root, modifyRequest({ requester: outsideClientName('Claude Code') }), () => undefined).load();
      return;
    case 'approval-plan':
      root.addClass('is-sidebar');
      new ApprovalCard(root, planRequest(), () => undefined).load();
      return;
    case 'log': {
      root.addClass('is-sidebar');
      const progress = new ProgressBar(root, () => undefined);
      progress.load();
      const log = new ExecutionLog(root);
      log.update({ id: '1', tool: 'vault.ensureFolder', status: 'done', message: 'Garden/Projects exists' });
      log.update({ id: '2', tool: 'util.parseMarkdownBullets', status: 'done', message: '10 bullets' });
      for (const [index, title] of [
        'Soil test',
        'Compost bins',
        'Rain barrel',
        'Seed list',
        'Fence repair',
      ].entries()) {
        log.update({
          id: `c${index}`,
          tool: 'vault.createFile',
          status: 'done',
          message: `Created Garden/Projects/${title}.md`,
        });
      }
      log.update({
        id: 'c5',
        tool: 'vault.createFile',
        status: 'failed',
        message: 'Refused "Garden/../../Tool shed.md": the path leaves the vault',
      });
      log.update({ id: 'c6', tool: 'vault.createFile', status: 'running', message: 'Garden/Projects/Herb spiral.md' });
      log.update({
        id: 'c7',
        tool: 'commands.run',
        status: 'skipped',
        message: 'Commands are off: turn on "Allow commands" in the settings',
      });
      progress.set(7, 10);
      progress.showRest(3);
      return;
    }
    case 'plan-run': {
      // A saved action mid-run: Stop shown, the foreach step part-way.
      root.addClass('is-sidebar');
      const run = new PlanRunView(root, 'Saved action: Bullets to notes', { onRunRest: () => undefined });
      run.load();
      run.begin();
      run.onProgress({ type: 'step-started', stepId: 'folder', tool: 'vault.ensureFolder', position: 1, total: 3 });
      run.onProgress({
        type: 'step-finished',
        stepId: 'folder',
        tool: 'vault.ensureFolder',
        position: 1,
        total: 3,
        status: 'ok',
        message: 'Garden/Projects exists',
      });
      run.onProgress({
        type: 'step-started',
        stepId: 'notes',
        tool: 'vault.createFile',
        position: 2,
        total: 3,
        items: 10,
      });
      run.onProgress({ type: 'item-started', stepId: 'notes', item: 4, of: 10, label: 'Garden/Projects/Seed list.md' });
      return;
    }
    case 'plan': {
      root.addClass('is-sidebar');
      const preview = new PlanPreview(root, {
        preview: planPreview(),
        risk: 'commands',
        counts: { steps: 14 },
        goal: 'Create one note per bullet of the selection in Garden/Projects, and link them from the garden plan.',
        editableArgs: [{ stepId: 's1', path: 'path', value: 'Garden/Projects' }],
        onEdit: () => undefined,
      });
      preview.load();
      click(getByRole(root, 'button', 'Edit plan'));
      return;
    }
    case 'settings': {
      root.addClass('is-settings');
      const app = createTestApp();
      app.secretStorage.setSecret('embedded-agent-api-key', 'not shown');
      const plugin = new ScreenshotPlugin(app, manifest('embedded-agent', 'Embedded Agent'));
      const tab = new EmbeddedAgentSettingTab(app, plugin, () =>
        Promise.resolve(`${plugin.settings.model} answered in 0.4 s`),
      );
      root.appendChild(tab.containerEl);
      const legacy: { display(): void } = tab;
      legacy.display();
      type(getByLabel<HTMLInputElement>(root, 'Maximum tokens per answer'), '500000');
      click(getByRole(root, 'button', 'Test connection'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      return;
    }
    case 'settings-mcp': {
      // The MCP server switched on a moment ago: where it listens, and the token it made, shown this once.
      root.addClass('is-settings');
      const app = createTestApp();
      const plugin = new ScreenshotPlugin(app, manifest('embedded-agent', 'Embedded Agent'));
      plugin.settings.mcpServer = true;
      const host = new McpServerHost({
        settings: () => plugin.settings,
        secrets: new ObsidianSecrets(app.secretStorage),
        start: (listen) =>
          Promise.resolve({
            address: { port: listen.port },
            sessions: () => 1,
            endRun: () => Promise.resolve(false),
            close: () => Promise.resolve(),
          }),
        notify: () => undefined,
      });
      await host.sync();
      const tab = new EmbeddedAgentSettingTab(app, plugin, () => Promise.resolve('ok'), undefined, host);
      root.appendChild(tab.containerEl);
      const legacy: { display(): void } = tab;
      legacy.display();
      // Only the MCP section: the rows above it are in the settings-tab shots.
      const heading = Array.from(root.querySelectorAll('.setting-item-heading')).find(
        (el) => el.textContent === 'MCP server',
      );
      let row = heading?.previousElementSibling ?? null;
      while (row) {
        const previous = row.previousElementSibling;
        row.remove();
        row = previous;
      }
      return;
    }
    case 'chat-empty':
    case 'chat-streaming':
    case 'chat-approval':
    case 'chat-log':
    case 'chat-budget':
      root.addClass('is-sidebar');
      await mountChat(root, view.slice('chat-'.length) as ChatShot);
      return;
    case 'saved-actions':
    case 'dry-run':
      root.addClass('is-sidebar');
      await mountPlanShot(view, root);
      return;
    case 'changes-run':
    case 'changes-conflict':
      await mountChangesShot(view, root);
      return;
    default:
      root.setText(`Unknown view "${String(view)}"`);
  }
}

void mount(params.get('view')).then(() => {
  (window as unknown as { screenshotReady: boolean }).screenshotReady = true;
});

// In a "type": "commonjs" package esbuild takes a file without exports for CommonJS, and a CommonJS wrapper
// cannot wait for the double's top-level await.
export {};
