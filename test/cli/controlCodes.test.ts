import { afterEach, describe, expect, it } from 'vitest';
import { useWireServer } from '../builders/useWireServer';
import { WireServer } from '../builders/wireServer';
import { anthropicCalls, anthropicText, type WireCall } from '../builders/wireScripts';
import { exampleVaultCopy, removeTemporaryFolders, startSession, TERMINAL_CONTROL } from './harness';

let server: WireServer;
useWireServer((started) => (server = started));
afterEach(() => removeTemporaryFolders());

describe('terminal runner: what the model writes reaches the screen with its control codes shown', () => {
  it('should show the codes a model put in a note, a file name and its answer instead of obeying them', async () => {
    const call: WireCall = {
      id: 'toolu_1',
      name: 'vault.createFile',
      input: { path: 'Shopping\u009b2K.md', content: '- milk\r\u001b[2K+- eggs\nbuy\u001b[8m\n' },
    };
    server.reply('/v1/messages', anthropicCalls([call]), anthropicText('Added eggs.\r\u001b[2KNothing changed.'));
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
    ];
    const run = startSession({
      argv,
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
      lines: ['Add eggs to my list', 'n', '/quit'],
      modesFile: paths.modesFile,
    });
    expect(await run.code).toBe(0);
    const out = run.stdout();
    expect(out).not.toMatch(TERMINAL_CONTROL);
    expect(out).toContain('+ created  Shopping⟦U+009B⟧2K.md (');
    expect(out).toContain('    +- milk⟦CR⟧⟦ESC⟧[2K+- eggs\n    +buy⟦ESC⟧[8m\n');
    expect(out).toContain('→ vault.createFile path: "Shopping⟦U+009B⟧2K.md"');
    expect(out).toContain('Added eggs.⟦CR⟧⟦ESC⟧[2KNothing changed.');
  });
});
