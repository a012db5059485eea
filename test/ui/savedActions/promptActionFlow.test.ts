// @vitest-environment happy-dom
import { Notice } from 'obsidian';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatView } from '../../../src/ui/chat/ChatView';
import { call, callsReply, ScriptedModel, textReply } from '../../builders/scriptedModel';
import { commandsOf } from '../../obsidian-double/harness';
import { click, getByRole, press, type } from '../support/a11y';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';
import { keepModalsOpen, openModals } from '../support/modals';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

const until = <T>(check: () => T | Promise<T>): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });
const oneModal = (): HTMLElement => {
  const open = openModals();
  if (open.length !== 1) throw new Error(`Expected one open modal, found ${open.length}`);
  return open[0] as HTMLElement;
};

async function withGardenSelected(model: ScriptedModel): Promise<ChatPanel> {
  return openChatPanel({
    model,
    files: { 'Garden.md': 'Roses and tulips\n' },
    before: async (app) => {
      await app.workspace.getLeaf(false).openFile(app.vault.getFileByPath('Garden.md')!, { active: true });
      app.workspace.activeEditor?.editor?.setSelection({ line: 0, ch: 0 }, { line: 0, ch: 5 });
    },
  });
}

async function savePrompt(root: HTMLElement, name: string, prompt: string): Promise<void> {
  click(await until(() => getByRole(root, 'button', 'New prompt action')));
  type(await until(() => getByRole<HTMLInputElement>(oneModal(), 'textbox', 'Action name')), name);
  type(getByRole<HTMLInputElement>(oneModal(), 'textbox', 'Prompt'), prompt);
  click(getByRole(oneModal(), 'button', 'Save'));
}

describe('a saved prompt action', () => {
  it('should get its command, bind the selection and note, ask only for the rest, and run through the agent with approval', async () => {
    keepModalsOpen();
    const model = new ScriptedModel([
      callsReply([call('vault.createFile', { path: 'Summary.md', content: 'Roses, for the team.\n' }, 'c')]),
      textReply('Wrote Summary.md.'),
    ]);
    panel = await withGardenSelected(model);
    const { root, app } = panel;

    await savePrompt(root, 'Summarize for', 'Summarize "${selection}" from ${activeFile} for ${audience}.');
    await until(() => expect(openModals()).toHaveLength(0));
    const command = await until(() => {
      const found = commandsOf(app).findCommand('embedded-agent:run-saved-action-summarize-for');
      if (!found) throw new Error('no command yet');
      return found;
    });
    expect(command.name).toBe('Embedded Agent: Run saved action: Summarize for');

    commandsOf(app).executeCommandById('embedded-agent:run-saved-action-summarize-for');
    // The selection and the note come from the editor: only the parameter is asked for.
    const audience = await until(() => getByRole<HTMLInputElement>(oneModal(), 'textbox', 'audience'));
    expect(
      Array.from(oneModal().querySelectorAll('input, textarea')).map((field) => field.getAttribute('aria-label')),
    ).toEqual(['audience']);
    type(audience, 'the team');
    click(getByRole(oneModal(), 'button', 'Run'));

    const sent = 'Summarize "Roses" from Garden.md for the team.';
    await until(() => expect(root.textContent).toContain(sent));
    click(await until(() => getByRole(root, 'button', 'Approve')));
    await until(() => expect(root.textContent).toContain('Wrote Summary.md.'));
    expect(await app.vault.adapter.read('Summary.md')).toBe('Roses, for the team.\n');
    expect(JSON.stringify(model.requests[0]?.messages)).toContain(JSON.stringify(sent).slice(1, -1));
  });

  it('should open the chat panel when it is closed and send the message there', async () => {
    keepModalsOpen();
    const model = new ScriptedModel([textReply('Three roses.')]);
    panel = await withGardenSelected(model);
    const { root, app } = panel;
    await savePrompt(root, 'Count', 'Count the flowers in ${activeFile}');
    await until(() => expect(commandsOf(app).findCommand('embedded-agent:run-saved-action-count')).toBeDefined());
    for (const leaf of app.workspace.getLeavesOfType('embedded-agent-chat')) leaf.detach();

    commandsOf(app).executeCommandById('embedded-agent:run-saved-action-count');
    const reopened = await until(() => {
      const el = app.workspace
        .getLeavesOfType('embedded-agent-chat')[0]
        ?.view?.containerEl.querySelector<HTMLElement>('.embedded-agent-chat');
      if (!el?.textContent?.includes('Three roses.')) throw new Error('no answer in a reopened panel yet');
      return el;
    });
    expect(reopened.textContent).toContain('Count the flowers in Garden.md');
    expect(model.requests).toHaveLength(1);
  });

  it('should say the panel is busy, and send nothing, while another run goes on there', async () => {
    keepModalsOpen();
    const model = new ScriptedModel([]);
    panel = await withGardenSelected(model);
    const { root, app } = panel;
    await savePrompt(root, 'Count', 'Count the flowers in ${activeFile}');
    await until(() => expect(commandsOf(app).findCommand('embedded-agent:run-saved-action-count')).toBeDefined());
    const notices = vi.spyOn(
      Notice.prototype as unknown as { constructor__: (message: string) => void },
      'constructor__',
    );
    const view = app.workspace.getLeavesOfType('embedded-agent-chat')[0]?.view as ChatView;
    const ended = view.api.trackRun(() => undefined);

    commandsOf(app).executeCommandById('embedded-agent:run-saved-action-count');
    await until(() =>
      expect(notices).toHaveBeenCalledWith(
        'Saved action "Count" did not run: the chat panel is busy with another run; run the action again once it ends',
        undefined,
      ),
    );
    // The palette describes the prompt; the conversation must not show it sent.
    expect(root.querySelector('.embedded-agent-transcript')?.textContent).not.toContain('Count the flowers');
    expect(model.requests).toHaveLength(0);
    ended();
  });

  it('should offer to save a question that went well as a prompt, the message as it was sent', async () => {
    keepModalsOpen();
    panel = await withGardenSelected(new ScriptedModel([textReply('It is about roses.')]));
    const { root, app } = panel;
    const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
    type(box as unknown as HTMLInputElement, 'Explain this note in two lines');
    press(box, 'Enter');
    await until(() => expect(root.textContent).toContain('It is about roses.'));
    // Only "Save as prompt": the run wrote nothing, so there is no plan to save as a button.
    await until(() =>
      expect(
        Array.from(root.querySelectorAll('button.embedded-agent-save-as')).map((button) => button.textContent),
      ).toEqual(['Save as prompt']),
    );

    click(getByRole(root, 'button', 'Save as prompt'));
    const prompt = await until(() => getByRole<HTMLTextAreaElement>(oneModal(), 'textbox', 'Prompt'));
    expect(prompt.value).toBe('Explain this note in two lines');
    type(prompt as unknown as HTMLInputElement, 'Explain ${activeFile} in two lines');
    type(getByRole<HTMLInputElement>(oneModal(), 'textbox', 'Action name'), 'Explain');
    click(getByRole(oneModal(), 'button', 'Save'));
    await until(() => expect(openModals()).toHaveLength(0));
    expect(commandsOf(app).findCommand('embedded-agent:run-saved-action-explain')?.name).toBe(
      'Embedded Agent: Run saved action: Explain',
    );
    expect(panel.plugin.settings.savedActions).toMatchObject([
      { id: 'explain', kind: 'prompt', prompt: 'Explain ${activeFile} in two lines', parameters: [] },
    ]);
    expect(getByRole(root, 'button', 'Saved')).toBeDefined();
  });

  it('should keep the modal open and say why when the prompt uses a placeholder it cannot bind', async () => {
    keepModalsOpen();
    panel = await withGardenSelected(new ScriptedModel([]));
    const { root, app } = panel;
    await savePrompt(root, 'Broken', 'Use ${steps.read.content}');
    expect(getByRole(oneModal(), 'alert').textContent).toBe(
      '${steps.read.content}: a prompt has no steps; use ${selection}, ${activeFile}, ${date} or a parameter such as ${topic}.',
    );
    expect(commandsOf(app).findCommand('embedded-agent:run-saved-action-broken')).toBeUndefined();
  });
});
