import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createStyle, stripAnsi } from '../../src/cli/ansi';
import { LineInput } from '../../src/cli/LineInput';
import { TerminalApproval } from '../../src/cli/TerminalApproval';
import type { ApprovalRequest } from '../../src/core/ports/approval';

const REQUEST: ApprovalRequest = {
  runId: 'r',
  tool: 'vault.writeFile',
  input: {},
  risk: 'writes',
  preview: { files: [], commands: [], notes: [] },
  summary: 'Overwrite Shopping.md',
};

const opened: LineInput[] = [];
afterEach(() => {
  for (const input of opened.splice(0)) input.close();
});

/** A terminal as readline sees one: a TTY input (no raw mode to set) and an output the test reads. */
function fakeTerminal(terminal = true) {
  const stdin = Object.assign(new PassThrough(), { isTTY: terminal });
  const stdout = Object.assign(new PassThrough(), { isTTY: terminal, columns: 120 });
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const input = new LineInput(stdin, stdout, terminal);
  opened.push(input);
  const write = (text: string): void => void (out += text);
  return { stdin, input, write, output: () => stripAnsi(out) };
}

const tick = (): Promise<void> => new Promise((done) => setTimeout(done, 10));

describe('LineInput', () => {
  it('should not let lines pasted before an approval answer it, and say how many it ignored', async () => {
    const { stdin, input, write, output } = fakeTerminal();
    const approval = new TerminalApproval(input, write, createStyle(false));
    stdin.write('shopping list:\na\ny\n');
    await tick();
    const answer = approval.request(REQUEST, new AbortController().signal);
    await tick();
    stdin.write('n\n');
    expect(await answer).toEqual({ approved: false, reason: 'the user rejected it' });
    expect(output()).toContain('(ignored 3 lines typed before this question)');
  });

  it('should not let a paste still arriving after the question answer it (bracketed paste)', async () => {
    const { stdin, input, write, output } = fakeTerminal();
    const approval = new TerminalApproval(input, write, createStyle(false));
    stdin.write('\x1b[200~shopping list:\n');
    await tick();
    const answer = approval.request(REQUEST, new AbortController().signal);
    await tick();
    // The rest of the same paste, with a line "a", reaches the terminal only now.
    stdin.write('eggs\na\n\x1b[201~');
    await tick();
    stdin.write('n\n');
    expect(await answer).toEqual({ approved: false, reason: 'the user rejected it' });
    expect(output()).toContain('(ignored a pasted line: type the answer)');
  });

  it('should switch bracketed paste on at a terminal and off when closing, and take pasted lines at an ordinary prompt', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const stdout = Object.assign(new PassThrough(), { isTTY: true, columns: 120 });
    let raw = '';
    stdout.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    const input = new LineInput(stdin, stdout, true);
    const line = input.read('> ');
    stdin.write('\x1b[200~pasted question\n\x1b[201~');
    expect(await line).toEqual({ kind: 'line', text: 'pasted question' });
    input.close();
    expect(raw.startsWith('\x1b[?2004h')).toBe(true);
    expect(raw).toContain('\x1b[?2004l');
  });

  it('should drop a line typed but not yet entered before the question', async () => {
    const { stdin, input, output } = fakeTerminal();
    stdin.write('a');
    await tick();
    const answer = input.ask('Approve? ');
    await tick();
    stdin.write('n\n');
    expect(await answer).toEqual({ kind: 'line', text: 'n' });
    expect(output()).toContain('(ignored 1 line typed before this question)');
  });

  it('should answer end of input to a question asked after the terminal closed', async () => {
    const { stdin, input } = fakeTerminal();
    stdin.end('y\n');
    await tick();
    expect(await input.ask('Approve? ')).toEqual({ kind: 'eof' });
  });

  it('should keep lines typed ahead for an ordinary prompt', async () => {
    const { stdin, input } = fakeTerminal();
    stdin.write('first message\nsecond message\n');
    await tick();
    expect(await input.read('> ')).toEqual({ kind: 'line', text: 'first message' });
    expect(await input.read('> ')).toEqual({ kind: 'line', text: 'second message' });
  });

  it('should keep lines a script gave ahead for a question when the input is not a terminal', async () => {
    const { stdin, input, output } = fakeTerminal(false);
    stdin.write('y\n');
    await tick();
    expect(await input.ask('Approve? ')).toEqual({ kind: 'line', text: 'y' });
    expect(output()).not.toContain('ignored');
  });
});
