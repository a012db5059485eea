import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createStyle } from '../../src/cli/ansi';
import { LineInput } from '../../src/cli/LineInput';
import { parseAnswer, TerminalApproval } from '../../src/cli/TerminalApproval';
import type { ApprovalRequest } from '../../src/core/ports/approval';

const REQUEST: ApprovalRequest = {
  runId: 'r',
  tool: 'vault.createFile',
  input: {},
  risk: 'writes',
  preview: { files: [], commands: [], notes: [] },
  summary: 'Create a.md',
};

function approval(lines: string[], end = true) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const input = new LineInput(stdin, stdout, false);
  const write = (text: string): void => void (out += text);
  if (lines.length > 0) stdin.write(lines.map((line) => `${line}\n`).join(''));
  if (end) stdin.end();
  return { port: new TerminalApproval(input, write, createStyle(false)), input, output: () => out };
}

describe('TerminalApproval', () => {
  it.each([
    ['y', { approved: true, scope: 'once' }],
    ['YES', { approved: true, scope: 'once' }],
    ['a', { approved: true, scope: 'run' }],
    ['all', { approved: true, scope: 'run' }],
    ['n', { approved: false, reason: 'the user rejected it' }],
    ['no: wrong folder', { approved: false, reason: 'the user rejected it: wrong folder' }],
    ['maybe', null],
    ['', null],
  ])('should read %j as %j', (text, decision) => {
    expect(parseAnswer(text)).toEqual(decision);
  });

  it('should ask again until the answer is clear', async () => {
    const { port, output } = approval(['sure', 'y']);
    expect(await port.request(REQUEST, new AbortController().signal)).toEqual({ approved: true, scope: 'once' });
    expect(output()).toContain('got "sure"');
  });

  it('should reject on end of input', async () => {
    const { port } = approval([]);
    expect(await port.request(REQUEST, new AbortController().signal)).toEqual({
      approved: false,
      reason: 'no answer: the input ended',
    });
  });

  it('should reject on Ctrl-C while asking, and leave the next line for the next question', async () => {
    const { port, input } = approval([], false);
    const answer = port.request(REQUEST, new AbortController().signal);
    await new Promise((done) => setTimeout(done, 10));
    input.interrupt();
    expect(await answer).toEqual({ approved: false, reason: 'the user pressed Ctrl-C' });
  });

  it('should reject when the run is cancelled while asking, without eating the next line', async () => {
    const { port, input } = approval([], false);
    const controller = new AbortController();
    const answer = port.request(REQUEST, controller.signal);
    await new Promise((done) => setTimeout(done, 10));
    controller.abort();
    expect(await answer).toEqual({ approved: false, reason: 'the run was cancelled' });
    const next = input.read('> ');
    input.interrupt();
    expect(await next).toEqual({ kind: 'interrupt' });
  });

  it('should ask one request at a time', async () => {
    const { port, output } = approval(['n', 'y']);
    const signal = new AbortController().signal;
    const [first, second] = await Promise.all([
      port.request(REQUEST, signal),
      port.request({ ...REQUEST, summary: 'Create b.md' }, signal),
    ]);
    expect([first.approved, second.approved]).toEqual([false, true]);
    expect(output().indexOf('Create b.md')).toBeGreaterThan(output().indexOf('Rejected.'));
  });
});
