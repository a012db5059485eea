// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, callsReply, ScriptedModel, textReply, usage } from '../../builders/scriptedModel';
import { click, getByRole, press, queryAllByRole, type } from '../support/a11y';
import { openChatPanel, type ChatPanel } from '../support/chatPanel';

let panel: ChatPanel | null = null;
afterEach(async () => {
  await panel?.cleanup();
  panel = null;
});

const until = <T>(check: () => T): Promise<T> => vi.waitFor(check, { timeout: 10_000, interval: 10 });

describe('chat panel: a spending limit per run', () => {
  it('should stop at maxTokensPerRun with the spent figures, and go on from there with "Continue with another N"', async () => {
    const model = new ScriptedModel([
      callsReply([call('vault.readFile', { path: 'Inbox.md' }, 'r1')], {
        text: 'Reading your inbox.',
        tokens: usage(60_000, 40),
      }),
      textReply('Your inbox holds one bullet: call Maren.', usage(1_500, 20, { cacheReadTokens: 500 })),
    ]);
    panel = await openChatPanel({
      model,
      files: { 'Inbox.md': '- call Maren\n' },
      settings: { maxTokensPerRun: 50_000 },
    });
    const { root } = panel;
    const box = getByRole<HTMLTextAreaElement>(root, 'textbox', 'Message');
    type(box as unknown as HTMLInputElement, 'What is in my inbox?');
    press(box, 'Enter');

    const proceed = await until(() =>
      getByRole<HTMLButtonElement>(root, 'button', 'Continue with another 50,000 tokens'),
    );
    const transcript = root.querySelector('.embedded-agent-transcript')!;
    expect(transcript.textContent).toContain(
      'Stopped at the budget before the next model call: this run has used 60,040 tokens of the limit per run of 50,000 tokens (maxTokensPerRun)',
    );
    expect(transcript.textContent).toContain('Tokens: 60,000 in · 40 out');
    expect(model.requests).toHaveLength(1);

    click(proceed);
    await until(() => expect(transcript.textContent).toContain('Your inbox holds one bullet: call Maren.'));
    expect(proceed.disabled).toBe(true);
    expect(model.requests).toHaveLength(2);
    // From where it stopped: the read's result was the last thing sent, no message added.
    expect(model.requests[1]!.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool-results']);
    await until(() =>
      expect(transcript.textContent).toContain(
        'Tokens: 2,000 in (1,500 uncached, 500 cached) · 20 out — conversation so far: 62,000 in (61,500 uncached, 500 cached) · 60 out',
      ),
    );
    // Only the stopped run offers to continue.
    expect(queryAllByRole(root, 'button', 'Continue with another 50,000 tokens')).toHaveLength(1);
  });
});
