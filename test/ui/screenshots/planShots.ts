/** Screenshot views of the saved-actions palette and the dry-run plan preview, over an in-memory plan host. */
import { type ActionPlan, SavedActionStore } from '../../../src/core/plan';
import { RunIds } from '../../../src/core/session/runIds';
import { SessionPlans } from '../../../src/core/session/sessionPlans';
import { DryRunController } from '../../../src/ui/plan/DryRunController';
import { SavedActionsPalette } from '../../../src/ui/savedActions/SavedActionsPalette';
import { buildPlanHost } from '../../builders/planHost';
import { PlanModel } from '../../builders/planModel';
import { createTestApp } from '../../obsidian-double/harness';
import { click, getByRole } from '../support/a11y';

const GARDEN = ['Soil test', 'Compost bins', 'Rain barrel', 'Seed list'];

const PLAN: ActionPlan = {
  version: '1.0',
  goal: 'Create one note per bullet of the selection in Garden/Projects and link them from the garden plan',
  assumptions: ['The selection is a bullet list'],
  riskLevel: 'writes',
  steps: [
    { id: 'folder', tool: 'vault.ensureFolder', args: { path: 'Garden/Projects' } },
    ...GARDEN.map((title, index) => ({
      id: `note${index + 1}`,
      tool: 'vault.createFile',
      args: { path: `Garden/Projects/${title}.md`, content: `# ${title}\n` },
      dependsOn: ['folder'],
    })),
  ],
};

export async function mountPlanShot(view: string, root: HTMLElement): Promise<void> {
  const fixture = await buildPlanHost({ files: { 'Garden/Garden plan.md': '# Garden plan\n' } });
  if (view === 'dry-run') {
    const controller = new DryRunController({
      session: new SessionPlans({
        host: () => Promise.resolve(fixture.host),
        llm: () => Promise.resolve(new PlanModel([JSON.stringify(PLAN)])),
        settings: () => ({ maxTokens: 2000, temperature: 0 }),
        runIds: new RunIds(() => fixture.clock.now()),
        runPrefix: 'chat',
      }),
      container: () => root,
    });
    controller.load();
    await controller.dryRun('Make a note per bullet in Garden/Projects');
    click(getByRole(root, 'button', 'Edit plan'));
    getByRole<HTMLInputElement>(root, 'textbox', 'Step folder: path').value = 'Garden/2026';
    return;
  }
  const policy = await fixture.policy();
  let saved: unknown[] = [];
  const store = new SavedActionStore(
    { load: () => saved, save: (actions) => Promise.resolve(void (saved = actions)) },
    { policy: () => policy, clock: fixture.clock },
  );
  await store.add('Bullets to notes', { ...PLAN, goal: 'Bullets to notes' });
  await store.add('Weekly review from the inbox', { ...PLAN, goal: 'Weekly review' });
  await store.add('Archive finished projects', { ...PLAN, goal: 'Archive' });
  new SavedActionsPalette(root, { app: createTestApp(), store, run: () => undefined }).load();
  click(getByRole(root, 'button', 'Delete Archive finished projects'));
}
