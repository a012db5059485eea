import { describe, expect, it } from 'vitest';
import { bindPlan } from '../../../src/core/plan/bindings';
import { executePlan } from '../../../src/core/plan/executor';
import { type ExecutedCall, freezeCalls, keepBoundValues, parameterizePlan } from '../../../src/core/plan/freeze';
import { validatePlan } from '../../../src/core/plan/validatePlan';
import { builtinTools } from '../../../src/core/tools/builtinTools';
import { ToolRegistry } from '../../../src/core/tools/ToolRegistry';
import { buildPlanHost } from '../../builders/planHost';
import { bulletsToNotes } from './plans';

const tools = new ToolRegistry(builtinTools());
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const SELECTION = '- Alpha\n- Beta\n- Gamma';
const policy = { tools, maxRetries: 3, configDir: '.obsidian' };

/** What an agent run did for "Read the selection and create a note per bullet in folder XYZ". */
const bulletRun: ExecutedCall[] = [
  { tool: 'editor.getSelection', input: {}, ok: true },
  { tool: 'util.parseMarkdownBullets', input: { text: SELECTION }, ok: true },
  { tool: 'vault.ensureFolder', input: { path: 'Projects/XYZ' }, ok: true },
  { tool: 'vault.createFile', input: { path: 'Projects/XYZ/Alpha.md', content: '# Alpha\n' }, ok: true },
  { tool: 'vault.createFile', input: { path: 'Projects/XYZ/Beta.md', content: '# Beta\n' }, ok: true },
  { tool: 'vault.createFile', input: { path: 'Projects/XYZ/Gamma.md', content: '# Gamma\n' }, ok: true },
  { tool: 'vault.createFile', input: { path: 'Projects/XYZ/Delta.md', content: 'x' }, ok: false },
  { tool: 'agent.attemptCompletion', input: { result: 'Done' }, ok: true },
];
const context = {
  userMessage: 'Read the selection and create a note per bullet in folder Projects/XYZ',
  selection: SELECTION,
  activeFile: 'List.md',
  now: NOW,
};

describe('freezeCalls', () => {
  it('should turn one call per bullet into a foreach over the selection, and the named folder into ${folderName}', () => {
    const frozen = freezeCalls(bulletRun, context, tools, 'Bullets to notes');
    expect(frozen.kind).toBe('template');
    expect(frozen.parameters).toEqual([{ name: 'folderName', description: 'Folder name', default: 'Projects/XYZ' }]);
    expect(frozen.plan).toEqual({
      version: '1.0',
      goal: 'Bullets to notes',
      assumptions: [],
      riskLevel: 'writes',
      parameters: [{ name: 'folderName', description: 'Folder name', default: 'Projects/XYZ' }],
      steps: [
        { id: 'ensureFolder', tool: 'vault.ensureFolder', args: { path: '${folderName}' } },
        {
          id: 'createFile',
          tool: 'vault.createFile',
          foreach: { from: '${selectionBullets}', itemName: 'item' },
          args: { path: '${folderName}/${item.text}.md', content: '# ${item.text}\n' },
        },
      ],
    });
    expect(validatePlan(frozen.plan, policy).ok).toBe(true);
  });

  it('should keep a parse of the selection with allowNested as a step, since ${selectionBullets} lists every bullet', () => {
    const nestedRun: ExecutedCall[] = [
      { tool: 'util.parseMarkdownBullets', input: { text: SELECTION, allowNested: true }, ok: true },
      { tool: 'vault.ensureFolder', input: { path: 'Projects/XYZ' }, ok: true },
    ];
    const frozen = freezeCalls(nestedRun, context, tools);
    expect(frozen.plan.steps.map((step) => [step.tool, step.args])).toEqual([
      ['util.parseMarkdownBullets', { text: '${selection}', allowNested: true }],
      ['vault.ensureFolder', { path: '${folderName}' }],
    ]);
  });

  it('should replay on another selection and into another folder, with no model', async () => {
    const frozen = freezeCalls(bulletRun, context, tools);
    const fixture = await buildPlanHost();
    const { bindings } = bindPlan(
      frozen.plan,
      { selection: '- One\n- Two', activeFile: null, now: NOW },
      { folderName: 'Elsewhere' },
    );
    const result = await executePlan(frozen.plan, fixture.host, {
      runId: 'replay',
      signal: new AbortController().signal,
      bindings,
    });
    expect(result.status).toBe('completed');
    expect(fixture.vault.dump()).toEqual({ 'Elsewhere/One.md': '# One\n', 'Elsewhere/Two.md': '# Two\n' });
  });

  it('should see a bullet the model typed into a path as its file name, and replay it to the same names', async () => {
    const selection = '- Q3: budget review\n- Read/Write notes';
    const calls: ExecutedCall[] = [
      {
        tool: 'vault.createFile',
        input: { path: 'Ideas/Q3 - budget review.md', content: '# Q3: budget review\n' },
        ok: true,
      },
      {
        tool: 'vault.createFile',
        input: { path: 'Ideas/Read-Write notes.md', content: '# Read/Write notes\n' },
        ok: true,
      },
    ];
    const frozen = freezeCalls(
      calls,
      { userMessage: 'a note per bullet in Ideas', selection, activeFile: null, now: NOW },
      tools,
    );
    expect(frozen.plan.steps).toEqual([
      {
        id: 'createFile',
        tool: 'vault.createFile',
        foreach: { from: '${selectionBullets}', itemName: 'item' },
        args: { path: 'Ideas/${item.text}.md', content: '# ${item.text}\n' },
      },
    ]);
    const fixture = await buildPlanHost();
    const { bindings } = bindPlan(frozen.plan, { selection, activeFile: null, now: NOW });
    expect(
      (
        await executePlan(frozen.plan, fixture.host, {
          runId: 'replay',
          signal: new AbortController().signal,
          bindings,
        })
      ).status,
    ).toBe('completed');
    expect(fixture.vault.dump()).toEqual({
      'Ideas/Q3 - budget review.md': '# Q3: budget review\n',
      'Ideas/Read-Write notes.md': '# Read/Write notes\n',
    });
  });

  it('should make the selection, the active file and today placeholders', () => {
    const calls: ExecutedCall[] = [
      {
        tool: 'vault.writeFile',
        input: { path: 'Daily/2026-01-15.md', content: `Summary of List.md:\n${SELECTION}` },
        ok: true,
      },
      { tool: 'vault.rename', input: { fromPath: 'List.md', toPath: 'Done/List.md' }, ok: true },
    ];
    const frozen = freezeCalls(calls, { ...context, userMessage: 'Summarize this' }, tools);
    expect(frozen.plan.steps.map((step) => step.args)).toEqual([
      { path: 'Daily/${date}.md', content: 'Summary of List.md:\n${selection}' },
      { fromPath: '${activeFile}', toPath: 'Done/List.md' },
    ]);
    expect(frozen.parameters).toEqual([]);
  });

  it('should keep a run with nothing personal as a fixed plan, escaping text that looks like a placeholder', () => {
    const frozen = freezeCalls(
      [{ tool: 'vault.createFile', input: { path: 'Prices.md', content: 'Cost: ${price}' }, ok: true }],
      { ...context, selection: null, activeFile: null, userMessage: 'make a price note' },
      tools,
    );
    expect(frozen.kind).toBe('fixed');
    expect(frozen.plan.steps[0]!.args).toEqual({ path: 'Prices.md', content: 'Cost: $${price}' });
    expect(validatePlan(frozen.plan, policy).ok).toBe(true);
  });

  it('should make the values the person picks parameters wherever they occur', () => {
    const frozen = freezeCalls(
      [{ tool: 'vault.searchText', input: { query: 'project-alpha', paths: ['Work'] }, ok: true }],
      {
        ...context,
        selection: null,
        userMessage: 'find it',
        parameters: [{ name: 'topic', value: 'project-alpha', description: 'What to search for' }],
      },
      tools,
    );
    expect(frozen.plan.steps[0]!.args).toEqual({ query: '${topic}', paths: ['Work'] });
    expect(frozen.parameters).toEqual([{ name: 'topic', description: 'What to search for', default: 'project-alpha' }]);
  });
});

describe('parameterizePlan', () => {
  it('should turn the folder the person named into ${folderName} in a plan that ran, keeping its references', () => {
    const frozen = parameterizePlan(
      bulletsToNotes(),
      { ...context, userMessage: 'create notes in folder notes' },
      tools,
    );
    expect(frozen.plan.steps.map((step) => step.args)).toEqual([
      {},
      { text: '$steps.getSelection.text' },
      { path: '${folderName}' },
      { path: '${folderName}/${item.text}.md', content: '# ${item.text}\n' },
    ]);
    expect(frozen.parameters).toEqual([{ name: 'folderName', description: 'Folder name', default: 'Notes' }]);
  });
});

describe('keepBoundValues', () => {
  const typedFolder = {
    version: '1.0',
    goal: 'Notes per bullet',
    assumptions: [],
    riskLevel: 'writes' as const,
    steps: [
      { id: 'folder', tool: 'vault.ensureFolder', args: { path: '${folderName}' } },
      { id: 'note', tool: 'vault.createFile', args: { path: '${folderName}/${topic}.md', content: '' } },
    ],
    parameters: [{ name: 'topic', description: 'Topic' }],
  };

  it("should keep the values typed for a plan's parameters as their defaults, declaring the built-in folder it used", () => {
    const { bindings } = bindPlan(
      typedFolder,
      { selection: null, activeFile: null, now: NOW },
      { folderName: 'Projects/Ideas', topic: 'Roses' },
    );
    expect(keepBoundValues(typedFolder, bindings).parameters).toEqual([
      { name: 'topic', description: 'Topic', default: 'Roses' },
      { name: 'folderName', description: 'Folder name', default: 'Projects/Ideas' },
    ]);
  });

  it('should keep the value the run used over the default the plan declared', () => {
    const plan = { ...typedFolder, parameters: [{ name: 'topic', default: 'Tulips' }] };
    const { bindings } = bindPlan(
      plan,
      { selection: null, activeFile: null, now: NOW },
      { folderName: 'X', topic: 'Roses' },
    );
    expect(keepBoundValues(plan, bindings).parameters?.[0]).toEqual({ name: 'topic', default: 'Roses' });
  });

  it('should leave a parameter the run did not bind without a default', () => {
    expect(keepBoundValues(typedFolder, {}).parameters).toEqual([
      { name: 'topic', description: 'Topic' },
      { name: 'folderName', description: 'Folder name' },
    ]);
  });
});
