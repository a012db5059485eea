// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecommendationCard } from '../../src/ui/RecommendationCard';
import { createTestApp, pluginsOf } from '../obsidian-double/harness';
import { click, getByRole } from './support/a11y';

const RESULTS = [
  {
    id: 'dataview',
    name: 'Dataview',
    author: 'Michael Brenan',
    description: 'Complex data views for the data-obsessed.',
    repo: 'blacksmithgu/obsidian-dataview',
  },
  {
    id: 'obsidian-tasks-plugin',
    name: 'Tasks',
    author: 'Clare Macrae',
    description: 'Track tasks across your vault.',
    repo: 'obsidian-tasks-group/obsidian-tasks',
  },
];

afterEach(() => {
  vi.restoreAllMocks();
  document.body.empty();
});

function show() {
  const app = createTestApp();
  const setting = { open: vi.fn(), openTabById: vi.fn() };
  Object.assign(app, { setting });
  const root = document.body.createDiv();
  new RecommendationCard(root, app, RESULTS).load();
  return { app, setting, region: getByRole(root, 'region', 'Plugin recommendations') };
}

describe('RecommendationCard', () => {
  it('should show each plugin with its name, author and description', () => {
    const { region } = show();
    const item = getByRole(region, 'listitem', 'Dataview');
    expect(item.textContent).toContain('by Michael Brenan');
    expect(item.textContent).toContain('Complex data views for the data-obsessed.');
  });

  it('should open the community plugins tab of the settings and install nothing', () => {
    const { app, setting, region } = show();
    click(getByRole(getByRole(region, 'listitem', 'Tasks'), 'button', 'Open community plugins settings'));
    expect(setting.open).toHaveBeenCalledTimes(1);
    expect(setting.openTabById).toHaveBeenCalledWith('community-plugins');
    expect(Object.keys(pluginsOf(app).manifests)).toEqual([]);
  });

  it('should copy the plugin id', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { region } = show();
    click(getByRole(getByRole(region, 'listitem', 'Tasks'), 'button', 'Copy plugin id'));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith('obsidian-tasks-plugin'));
  });
});
