import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useWireServer } from '../builders/useWireServer';
import { sse, WireServer } from '../builders/wireServer';
import { anthropicCalls, anthropicStart, anthropicText, type WireCall } from '../builders/wireScripts';
import { EXAMPLE_VAULT, exampleVaultCopy, readTree, removeTemporaryFolders, startSession, waitFor } from './harness';

let server: WireServer;
useWireServer((started) => (server = started));
afterEach(() => removeTemporaryFolders());

const MESSAGES = '/v1/messages';
const call = (id: string, name: string, input: unknown): WireCall => ({ id, name, input });
const WEEKLY = '# Weekly review\n\nSunday evenings, 30 minutes, same checklist.\n';
const MAREN = '# Ask Maren about retros\n\nHow does her team run retros without slides?\n';

/** The model's side of "turn my inbox into notes": read the inbox, create two notes, report. */
function inboxConversation(): void {
  server.reply(
    MESSAGES,
    anthropicCalls([call('toolu_1', 'vault.readFile', { path: 'Inbox.md' })], 'Reading your inbox.'),
    anthropicCalls([
      call('toolu_2', 'vault.createFile', { path: 'Ideas/Weekly review.md', content: WEEKLY }),
      call('toolu_3', 'vault.createFile', { path: 'Ideas/Ask Maren about retros.md', content: MAREN }),
    ]),
    anthropicText('Created 2 notes in Ideas/.', { input: 900, output: 12, cacheRead: 700 }),
  );
}

async function session(lines: string[], extraArgs: string[] = []) {
  const paths = await exampleVaultCopy();
  const argv = [
    '--vault',
    paths.vault,
    '--checkpoints',
    paths.checkpoints,
    '--mode',
    'agent',
    '--base-url',
    server.origin,
    ...extraArgs,
  ];
  return {
    paths,
    argv,
    run: startSession({ argv, env: { ANTHROPIC_API_KEY: 'sk-ant-test' }, lines, modesFile: paths.modesFile }),
  };
}

describe('terminal runner: a scripted session over a copy of examples/vault', () => {
  it('should create notes after y, show the diffs, then /revert puts the vault back as it was', async () => {
    inboxConversation();
    const { paths, run } = await session(['Turn my inbox into notes', 'y', 'y', '/runs', '/revert', 'y', '/quit']);
    const original = await readTree(EXAMPLE_VAULT);
    expect(await run.code).toBe(0);
    const out = run.stdout();

    expect(out).toContain('Model:       anthropic · claude-sonnet-4-6 at http://127.0.0.1:');
    expect(out).toContain(
      'agent> Turn my inbox into notes\nReading your inbox.\n→ vault.readFile path: "Inbox.md"\n  ✓ vault.readFile\n',
    );
    expect(out).toContain(
      [
        'Approval needed: Create Ideas/Weekly review.md',
        'vault.createFile · writes to the vault',
        '+ created  Ideas/Weekly review.md (62 B)',
        '    @@ -0,0 +1,3 @@',
        '    +# Weekly review',
        '    +',
        '    +Sunday evenings, 30 minutes, same checklist.',
        'Approve? [y] yes  [n] no  [a] all for this run: y',
        'Approved.',
      ].join('\n'),
    );
    expect(out).toContain(
      'Created 2 notes in Ideas/.\nTokens: 1,800 in (1,100 uncached, 700 cached) · 32 out · estimated cost $0.0040 · 3 model calls',
    );
    expect(out).toMatch(
      /Runs, newest first \(1 kept\):\n {2}cli-\S+ {2}\S+ \S+ {2}2 writes: Ideas\/Ask Maren about retros\.md, Ideas\/Weekly review\.md/,
    );
    expect(out).toContain('delete (the run created it) Ideas/Weekly review.md');
    expect(out).toContain('Revert these changes? [y/n] y\nReverted 3 changes.');

    // The approved writes reached the disk, and the audit log recorded them...
    const audit = (await readdir(join(paths.vault, '.obsidian/plugins/embedded-agent/audit'))).sort();
    // (one file per day, one line per call, its outcome: the "started" line each write gets first is in journal/)
    expect(audit).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}\.jsonl$/)]);
    const lines = (await readFile(join(paths.vault, '.obsidian/plugins/embedded-agent/audit', audit[0]!), 'utf8'))
      .trim()
      .split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { tool: string; ok: boolean }).tool)).toEqual([
      'vault.readFile',
      'vault.createFile',
      'vault.createFile',
      'checkpoints.revert',
    ]);
    expect(JSON.parse(lines[3]!)).toMatchObject({
      ok: true,
      error: null,
      args: { runId: expect.stringMatching(/^cli-/) as unknown },
      restored: ['Ideas/Ask Maren about retros.md', 'Ideas/Weekly review.md', 'Ideas/'],
      conflicts: [],
    });
    // ...and the revert took every one of them back, the Ideas/ folder included.
    expect(await readTree(paths.vault)).toEqual(original);
  });

  it('should leave the vault alone when the write is rejected with n, and tell the model the reason', async () => {
    server.reply(
      MESSAGES,
      anthropicCalls([call('toolu_1', 'vault.createFile', { path: 'Draft.md', content: 'x' })]),
      anthropicText('Fine, no draft.'),
    );
    const { paths, run } = await session(['Make a draft', 'maybe', 'n not now', '/quit']);
    const original = await readTree(paths.vault);
    expect(await run.code).toBe(0);
    expect(run.stdout()).toContain(
      'Type y to approve, n to reject (n <reason> tells the agent why), or a to approve everything else in this run; got "maybe".',
    );
    expect(run.stdout()).toContain(
      '  ✗ vault.createFile: DENIED vault.createFile was not approved: the user rejected it: not now. Nothing was changed.',
    );
    expect(JSON.stringify(server.bodies(MESSAGES)[1])).toContain('the user rejected it: not now');
    expect(await readTree(paths.vault)).toEqual(original);
  });

  it('should reject when the input ends while asking for approval', async () => {
    server.reply(
      MESSAGES,
      anthropicCalls([call('toolu_1', 'vault.createFile', { path: 'Draft.md', content: 'x' })]),
      anthropicText('No draft then.'),
    );
    const { paths, run } = await session(['Make a draft']);
    const original = await readTree(paths.vault);
    expect(await run.code).toBe(0);
    expect(run.stdout()).toContain('Rejected: no answer: the input ended.');
    expect(await readTree(paths.vault)).toEqual(original);
  });

  it('should approve the rest of the run with a, asking once', async () => {
    inboxConversation();
    const { paths, run } = await session(['Turn my inbox into notes', 'a', '/quit']);
    expect(await run.code).toBe(0);
    expect(run.stdout().match(/Approve\?/g)).toHaveLength(1);
    expect(run.stdout()).toContain('Approved for the rest of this run.');
    expect(await readFile(join(paths.vault, 'Ideas/Ask Maren about retros.md'), 'utf8')).toBe(MAREN);
  });

  it('should list a note edited after the run as a conflict, and keep it unless told to overwrite', async () => {
    inboxConversation();
    const first = await session(['Turn my inbox into notes', 'y', 'y', '/quit']);
    expect(await first.run.code).toBe(0);
    const edited = join(first.paths.vault, 'Ideas/Weekly review.md');
    await writeFile(edited, `${WEEKLY}\nMy own addition.\n`);

    const second = startSession({
      argv: first.argv,
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
      lines: ['/revert', 'y', 'n', '/quit'],
      modesFile: first.paths.modesFile,
    });
    expect(await second.code).toBe(0);
    const out = second.stdout();
    expect(out).toContain(
      'Changed since the run, left alone unless you say so:\n  Ideas/Weekly review.md (edited after the run)',
    );
    expect(out).toContain('Overwrite 1 file changed since the run, losing those changes? [y/n] n');
    expect(out).toContain('  left alone: Ideas/Weekly review.md (edited after the run)');
    expect(await readFile(edited, 'utf8')).toBe(`${WEEKLY}\nMy own addition.\n`);
    await expect(readFile(join(first.paths.vault, 'Ideas/Ask Maren about retros.md'), 'utf8')).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('should say there is nothing to revert before any run', async () => {
    const { run } = await session(['/revert', '/quit']);
    expect(await run.code).toBe(0);
    expect(run.stdout()).toContain('Nothing to revert: no run has changed this vault yet.');
  });

  it('should cancel the run on Ctrl-C and carry on; the history keeps the partial answer', async () => {
    const partial = sse([
      anthropicStart(),
      {
        event: 'content_block_start',
        data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      },
      {
        event: 'content_block_delta',
        data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Once upon a time' } },
      },
    ]);
    server.reply(MESSAGES, { sse: partial, hang: true }, anthropicText('It was a dark night.'));
    const { run } = await session(['Tell me a story', 'Go on', '/quit']);
    await waitFor(() => run.stdout().includes('Once upon a time'), 'the streamed start of the answer');
    run.interrupt();
    expect(await run.code).toBe(0);
    const out = run.stdout();
    expect(out).toContain('Cancelling the run… (Ctrl-C again to exit)');
    expect(out).toContain('Cancelled. Nothing more runs;');
    expect(out).toContain('It was a dark night.');
    expect(JSON.stringify(server.bodies(MESSAGES)[1]?.messages)).toContain('Once upon a time');
  });

  it('should exit with 130 on a second Ctrl-C while the run is cancelling', async () => {
    server.reply(MESSAGES, { sse: sse([anthropicStart()]), hang: true });
    const { run } = await session(['Tell me a story']);
    await waitFor(() => server.requests.length === 1, 'the request');
    run.interrupt();
    run.interrupt();
    expect(await run.code).toBe(130);
    // The process would end here; in a test the cancelled run still finishes in the background.
    await new Promise((done) => setTimeout(done, 100));
  });

  it('should leave on a second Ctrl-C at the prompt, after a hint at the first', async () => {
    const paths = await exampleVaultCopy();
    const run = startSession({
      argv: ['--vault', paths.vault, '--checkpoints', paths.checkpoints],
      env: { ANTHROPIC_API_KEY: 'k' },
      lines: [],
      keepOpen: true,
      modesFile: paths.modesFile,
    });
    await waitFor(() => run.stdout().endsWith('ask> '), 'the prompt');
    run.interrupt();
    await waitFor(() => run.stdout().includes('(Press Ctrl-C again or type /quit to leave.)'), 'the hint');
    run.interrupt();
    expect(await run.code).toBe(130);
  });

  it("should keep Private/ from the agent, as the example vault's .agentignore says", async () => {
    server.reply(
      MESSAGES,
      anthropicCalls([call('toolu_1', 'vault.readFile', { path: 'Private/Health log.md' })]),
      anthropicText('That note is off limits.'),
    );
    const { run } = await session(['Read my health log', '/quit']);
    expect(await run.code).toBe(0);
    expect(run.stdout()).toMatch(/✗ vault\.readFile: FORBIDDEN_PATH .*Private\/Health log\.md/);
    expect(JSON.stringify(server.bodies(MESSAGES)[1])).not.toContain('Physio');
  });

  it('should switch modes with /mode and refuse an unknown one, naming the modes there are', async () => {
    const { run } = await session(['/mode', '/mode ask', '/mode writer', '/new', '/help', '/bogus', '/quit']);
    expect(await run.code).toBe(0);
    const out = run.stdout();
    expect(out).toContain('Modes (* is active; switch with /mode <slug>):\n  ask ');
    expect(out).toContain('* agent ');
    expect(out).toMatch(
      /Mode: Ask \(\d+ tools\)\.\nask> \/mode writer\n\/mode failed: Unknown mode "writer"\. Modes: ask, agent/,
    );
    expect(out).toContain('New conversation: the agent no longer sees the earlier messages.');
    expect(out).toContain('/revert        undo the last run that changed the vault');
    expect(out).toContain(
      'Unknown command /bogus. Commands: /dry-run /actions /run /rest /continue /revert /runs /changes /keep /undo /redo /history /resume /mode /new /help /quit',
    );
  });

  it('should say where the terminal runner takes the key from after a 401', async () => {
    server.reply(MESSAGES, {
      status: 401,
      json: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    });
    const { run } = await session(['Hi', '/quit']);
    expect(await run.code).toBe(0);
    expect(run.stdout()).toContain(
      'Error (PROVIDER_AUTH): Anthropic rejected the API key (401): set it in Settings → Embedded Agent → API key',
    );
    expect(run.stdout()).toContain(
      'In the terminal runner the key comes from ANTHROPIC_API_KEY: export a valid key and start again.',
    );
  });
});
