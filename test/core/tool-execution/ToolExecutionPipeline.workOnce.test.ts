import { describe, expect, it } from 'vitest';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { buildPipeline, RecordingCheckpoints } from '../../builders/pipeline';

const call = (name: string, input: unknown) => ({ id: name, name, input });

/**
 * The vault the pipeline and the tools get, counting the stats and listings made through it; the checkpoints get
 * the vault itself, so their own look before the write is not counted.
 */
function countedPipeline(files: Record<string, string>) {
  const vault = new MemoryVault(files);
  const looks: string[] = [];
  const counted = new Proxy(vault, {
    get(target, key, receiver): unknown {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      if (key === 'stat') return (path: string) => (looks.push(`stat ${path}`), vault.stat(path));
      if (key === 'list')
        return (path: string, recursive: boolean) => (looks.push(`list ${path}`), vault.list(path, recursive));
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  const fixture = buildPipeline({
    context: { vault: counted },
    deps: { checkpoints: new RecordingCheckpoints(vault) },
  });
  return { ...fixture, vault, looks: (what: string) => looks.filter((look) => look === what).length };
}

describe('an approved write works out its change once before the card and once after the answer', () => {
  it('should look up the note an edit changes once before the card and once after the answer, and write that', async () => {
    const { pipeline, run, vault, looks, approval } = countedPipeline({ 'Plan.md': '# Plan\n\n- one\n' });
    const outcome = await pipeline.execute(
      call('vault.writeFile', { path: 'Plan.md', content: '- two\n', mode: 'append' }),
      run,
    );
    expect(outcome.ok).toBe(true);
    expect(approval.requests).toHaveLength(1);
    expect(await vault.read('Plan.md')).toBe('# Plan\n\n- one\n- two\n');
    // The tool's description before the card, and its check after the answer, whose result the write uses.
    expect(looks('stat Plan.md')).toBe(2);
  });

  it('should find a free name for a create once before the card and once after the answer', async () => {
    const { pipeline, run, vault, looks } = countedPipeline({ 'Inbox/Idea.md': 'taken' });
    const outcome = await pipeline.execute(
      call('vault.createFile', { path: 'Inbox/Idea.md', content: 'new', collisionStrategy: 'create-unique' }),
      run,
    );
    expect(outcome.output).toMatchObject({ path: 'Inbox/Idea (2).md', created: true });
    expect(await vault.read('Inbox/Idea (2).md')).toBe('new');
    expect(looks('stat Inbox/Idea.md')).toBe(2);
  });

  it('should list a folder an approved trash takes away once before the card, once after the answer and once to checkpoint it', async () => {
    const { pipeline, run, vault, looks } = countedPipeline({ 'Old/a.md': 'a', 'Old/b.md': 'b' });
    const outcome = await pipeline.execute(call('vault.delete', { path: 'Old', trash: true }), run);
    expect(outcome.ok).toBe(true);
    expect(await vault.stat('Old')).toBeNull();
    // Before the card, the path stage; after the answer, the check that the call still changes what was shown;
    // then what the checkpoint records.
    expect(looks('list Old')).toBe(3);
  });
});
