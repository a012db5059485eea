// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LlmRequest } from '../../../src/core/ports/llm';
import { call, callsReply, ScriptedModel, textReply } from '../../builders/scriptedModel';
import { click, getByRole, type } from '../support/a11y';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

/** The read a stored result names, taken from the last tool result the model got. */
function readOfStoredResult(request: LlmRequest): ReturnType<typeof callsReply> {
  const last = request.messages[request.messages.length - 1];
  const content = last?.role === 'tool-results' ? (last.results[0]?.content ?? '') : '';
  const named = /^Read it with vault\.readFile (\{.*\}): it comes in parts/m.exec(content);
  if (!named) throw new Error(`no stored result named in: ${content.slice(0, 200)}`);
  return callsReply([call('vault.readFile', JSON.parse(named[1] as string))]);
}

describe('the chat panel: what a finished run offers to "Save as button"', () => {
  it("should leave out the run's reads of its own stored results, which are gone once it ended", async () => {
    const files = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`Archive/Entry ${i}.md`, 'x']));
    const model = new ScriptedModel([
      callsReply([call('vault.listFiles', { prefix: 'Archive' })]),
      readOfStoredResult,
      callsReply([call('vault.createFile', { path: 'Index.md', content: '# Index\n' })]),
      textReply('Indexed.'),
    ]);
    panel = await openChatPanel({ model, files, settings: { approval: 'writes' } });
    const runs: { calls: { tool: string }[] }[] = [];
    panel.plugin.chatHooks.onRunFinished = (run) => runs.push(run);
    type(
      getByRole<HTMLTextAreaElement>(panel.root, 'textbox', 'Message') as unknown as HTMLInputElement,
      'Index the archive',
    );
    click(getByRole(panel.root, 'button', 'Send'));
    const approve = await vi.waitFor(() => getByRole(panel!.root, 'button', 'Approve'), { timeout: 5000 });
    click(approve);
    await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 5000 });
    expect(runs[0]?.calls.map((recorded) => recorded.tool)).toEqual(['vault.listFiles', 'vault.createFile']);
  });
});
