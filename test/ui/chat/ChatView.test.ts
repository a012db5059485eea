// @vitest-environment happy-dom
import { MarkdownView, TFile } from 'obsidian';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HangingModel } from '../../builders/hangingModel';
import { call, callsReply, ScriptedModel, textReply, usage } from '../../builders/scriptedModel';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';
import { click, getByLabel, getByRole, press, queryAllByLabel, queryAllByRole, type } from '../support/a11y';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

/** Waits for the assertion; the first run of a test loads the agent's modules, which takes a moment. */
function until<T>(check: () => T): Promise<T> {
  return vi.waitFor(check, { timeout: 10_000, interval: 10 });
}

function send(root: HTMLElement, text: string): void {
  const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
  type(box as unknown as HTMLInputElement, text);
  press(box, 'Enter');
}

const writeIdea = (): ScriptedModel =>
  new ScriptedModel([
    callsReply([call('vault.createFile', { path: 'Notes/Idea.md', content: '# Idea\n' }, 'w1')], {
      text: 'I will create the note.',
    }),
    textReply('Created **Notes/Idea.md**.', usage(120, 30)),
  ]);

describe('ChatView', () => {
  it('should stream the answer, ask inline, write on Approve, log and count the step, and revert the run', async () => {
    panel = await openChatPanel({ model: writeIdea() });
    const { root, app } = panel;
    expect(getByRole<HTMLButtonElement>(root, 'button', 'Cancel').disabled).toBe(true);
    send(root, 'Create a note called Idea');

    const approve = await until(() => getByRole<HTMLButtonElement>(root, 'button', 'Approve'));
    expect(root.querySelector('.embedded-agent-transcript')?.textContent).toContain('I will create the note.');
    // The card sits in the transcript, where the run asked.
    expect(root.querySelector('.embedded-agent-transcript')?.contains(approve)).toBe(true);
    expect(getByRole<HTMLButtonElement>(root, 'button', 'Cancel').disabled).toBe(false);
    expect(app.vault.getAbstractFileByPath('Notes/Idea.md')).toBeNull();
    click(approve);

    await until(() => expect(root.textContent).toContain('Created'));
    await until(() => expect(getByRole<HTMLButtonElement>(root, 'button', 'Send').disabled).toBe(false));
    expect(await app.vault.adapter.read('Notes/Idea.md')).toBe('# Idea\n');
    const log = getByRole(root, 'log', 'Execution log');
    expect(log.textContent).toContain('vault.createFile');
    expect(log.textContent).toContain('Done');
    const progress = getByRole(root, 'progressbar');
    expect(progress.getAttribute('aria-valuemax')).toBe('1');
    expect(progress.getAttribute('aria-valuenow')).toBe('1');
    expect(root.textContent).toContain('Tokens: 130 in');
    expect(getByRole<HTMLButtonElement>(root, 'button', 'Cancel').disabled).toBe(true);

    click(getByRole(root, 'button', 'Revert last run'));
    click(await until(() => getByRole(root, 'button', 'Revert changes')));
    await until(() => expect(app.vault.getAbstractFileByPath('Notes/Idea.md')).toBeNull());
    // The folder the run created goes too.
    await until(() => expect(app.vault.getAbstractFileByPath('Notes')).toBeNull());
    await until(() => expect(root.textContent).toContain('Reverted 2 changes'));
  });

  it('should leave the vault untouched when the write is rejected', async () => {
    panel = await openChatPanel({
      model: new ScriptedModel([
        callsReply([call('vault.createFile', { path: 'Notes/Idea.md', content: 'x' })]),
        textReply('Understood, nothing created.'),
      ]),
    });
    const { root, app } = panel;
    send(root, 'Create a note called Idea');
    click(await until(() => getByRole(root, 'button', 'Reject')));
    await until(() => expect(root.textContent).toContain('Understood, nothing created.'));
    expect(app.vault.getAbstractFileByPath('Notes/Idea.md')).toBeNull();
    expect(getByRole(root, 'log', 'Execution log').textContent).toContain('Failed');
    expect(queryAllByRole(root, 'button', 'Revert last run')).toHaveLength(0);
  });

  it('should stop the stream at once on Cancel and end the run', async () => {
    const model = new HangingModel();
    panel = await openChatPanel({ model });
    const { root } = panel;
    send(root, 'Think hard');
    await until(() => expect(root.textContent).toContain('Thinking about it'));
    const cancel = getByRole<HTMLButtonElement>(root, 'button', 'Cancel');
    expect(cancel.disabled).toBe(false);
    click(cancel);
    await until(() => expect(root.textContent).toContain('Cancelled: the run was stopped.'));
    expect(model.aborted).toBe(true);
    expect(cancel.disabled).toBe(true);
    expect(getByRole<HTMLButtonElement>(root, 'button', 'Send').disabled).toBe(false);
  });

  it('should cancel with Escape in the message box and deny a waiting approval', async () => {
    panel = await openChatPanel({
      model: new ScriptedModel([callsReply([call('vault.createFile', { path: 'A.md', content: 'x' })])]),
    });
    const { root, app } = panel;
    send(root, 'Create A');
    await until(() => getByRole(root, 'button', 'Approve'));
    press(getByRole(root, 'textbox', 'Message'), 'Escape');
    await until(() => expect(root.textContent).toContain('Cancelled'));
    expect(app.vault.getAbstractFileByPath('A.md')).toBeNull();
  });

  it('should name the setting to fill in when no provider is configured, and start nothing', async () => {
    panel = await openChatPanel();
    const { root } = panel;
    send(root, 'Hello');
    const alert = await until(() => getByRole(root, 'alert'));
    expect(alert.textContent).toBe('No API key for Anthropic: set it in Settings → Embedded Agent → API key');
    expect(queryAllByRole(root, 'button', 'Approve')).toHaveLength(0);
    expect(getByRole<HTMLButtonElement>(root, 'button', 'Send').disabled).toBe(false);
    expect(queryAllByRole(root, 'log', 'Execution log')).toHaveLength(0);
  });

  it('should name the base URL for an openai-compatible provider without one', async () => {
    panel = await openChatPanel({ settings: { provider: 'openai-compatible', model: 'llama3.1' } });
    send(panel.root, 'Hello');
    const alert = await until(() => getByRole(panel!.root, 'alert'));
    expect(alert.textContent).toContain('Settings → Embedded Agent → Base URL');
  });

  it('should show the selection of the last note with a token estimate, and hide it when nothing is selected', async () => {
    const text = 'The garden plan needs a fence, a pond and a herb spiral.';
    panel = await openChatPanel({
      files: { 'Garden.md': text },
      before: async (app) => {
        await app.workspace.getLeaf(false).openFile(app.vault.getFileByPath('Garden.md')!, { active: true });
      },
    });
    const { root, app } = panel;
    expect(queryAllByLabel(root, 'Selection')).toHaveLength(0);
    const editor = app.workspace
      .getLeavesOfType('markdown')
      .map((leaf) => leaf.view)
      .find((view): view is MarkdownView => view instanceof MarkdownView)!.editor;
    editor.setSelection({ line: 0, ch: 0 }, { line: 0, ch: text.length });
    document.dispatchEvent(new Event('selectionchange'));
    const indicator = await until(() => getByLabel(root, 'Selection'));
    expect(indicator.textContent).toContain('The garden plan');
    expect(indicator.textContent).toContain(`~${Math.ceil(text.length / 4)} tokens`);
    editor.setSelection({ line: 0, ch: 3 }, { line: 0, ch: 3 });
    document.dispatchEvent(new Event('keyup'));
    await until(() => expect(queryAllByLabel(root, 'Selection')).toHaveLength(0));
  });

  it('should send the selection as context with the message', async () => {
    const model = new ScriptedModel([textReply('Noted.')]);
    panel = await openChatPanel({
      model,
      files: { 'Garden.md': 'Fence. Pond. Herb spiral.' },
      before: async (app) => {
        await app.workspace.getLeaf(false).openFile(app.vault.getFileByPath('Garden.md')!, { active: true });
        app.workspace.activeEditor?.editor?.setSelection({ line: 0, ch: 0 }, { line: 0, ch: 5 });
      },
    });
    send(panel.root, 'Summarize the selection');
    await until(() => expect(panel!.root.textContent).toContain('Noted.'));
    expect(model.requests[0]?.system).toContain('Fence');
  });

  it('should say that Dry run is not available until a planner is plugged in, and call the hook once it is', async () => {
    panel = await openChatPanel({ model: new ScriptedModel() });
    const { root, plugin } = panel;
    // The plugin plugs its planner in at load; this test is about the panel without one.
    delete plugin.chatHooks.onDryRun;
    type(getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message') as unknown as HTMLInputElement, 'Tidy my inbox');
    click(getByRole(root, 'button', 'Dry run'));
    await until(() => expect(root.textContent).toContain('Dry run is not available yet'));
    const seen: string[] = [];
    plugin.chatHooks.onDryRun = (message) => {
      seen.push(message);
    };
    type(getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message') as unknown as HTMLInputElement, 'Tidy my inbox');
    click(getByRole(root, 'button', 'Dry run'));
    await until(() => expect(seen).toEqual(['Tidy my inbox']));
  });

  it('should report each finished run with its recorded calls to onRunFinished', async () => {
    panel = await openChatPanel({ model: writeIdea() });
    const runs: unknown[] = [];
    panel.plugin.chatHooks.onRunFinished = (run) => runs.push(run);
    send(panel.root, 'Create a note called Idea');
    click(await until(() => getByRole(panel!.root, 'button', 'Approve')));
    await until(() => expect(runs).toHaveLength(1));
    expect(runs[0]).toEqual({
      message: 'Create a note called Idea',
      ok: true,
      calls: [{ tool: 'vault.createFile', input: { path: 'Notes/Idea.md', content: '# Idea\n' }, ok: true }],
    });
  });

  it('should deny a waiting approval when the panel closes', async () => {
    panel = await openChatPanel({
      model: new ScriptedModel([
        callsReply([call('vault.createFile', { path: 'A.md', content: 'x' })]),
        textReply('ok'),
      ]),
    });
    const { root, app, plugin } = panel;
    send(root, 'Create A');
    await until(() => getByRole(root, 'button', 'Approve'));
    expect(plugin.approvalPort).not.toBeNull();
    for (const leaf of app.workspace.getLeavesOfType('embedded-agent-chat')) leaf.detach();
    await until(() => expect(plugin.approvalPort).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.vault.getAbstractFileByPath('A.md')).toBeNull();
  });
});

describe('the chat panel over the Obsidian double: an approval holds what its card showed', () => {
  it('should not write over a line another editor added while the card was open, and keep it when the new card is rejected', async () => {
    const model = new ScriptedModel([
      callsReply([call('vault.writeFile', { path: 'Plan.md', content: '# Plan\n\n- one\n- two\n' })]),
      textReply('Left it alone.'),
    ]);
    panel = await openChatPanel({ model, files: { 'Plan.md': '# Plan\n\n- one\n' } });
    const { root, app } = panel;
    send(root, 'Add a second bullet');

    const first = await until(() => getByRole(root, 'button', 'Approve'));
    const file = app.vault.getAbstractFileByPath('Plan.md');
    if (!(file instanceof TFile)) throw new Error('Plan.md is not in the vault');
    await app.vault.modify(file, '# Plan\n\n- one\n- from another device\n');
    click(first);

    await until(() => expect(root.textContent).toContain('"Plan.md" changed after the card you answered was made'));
    const reject = await until(() => {
      const button = queryAllByRole(root, 'button', 'Reject').at(-1);
      if (!button) throw new Error('the second card is not there yet');
      return button;
    });
    click(reject);
    await until(() => expect(root.textContent).toContain('Left it alone.'));
    expect(await app.vault.read(file)).toBe('# Plan\n\n- one\n- from another device\n');
  });
});
