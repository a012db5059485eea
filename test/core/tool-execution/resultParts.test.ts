import { describe, expect, it } from 'vitest';
import { PART_CHARS } from '../../../src/core/tool-execution/ResultExternalizer';
import { base64ToBytes } from '../../../src/core/util/base64';
import { buildPipeline } from '../../builders/pipeline';

const call = (name: string, input: unknown, id = '1') => ({ id, name, input });

describe('results read in parts', () => {
  it('should give a read cut by maxBytes whole, with the call for the next part, even when its JSON is over 2,000 characters', async () => {
    // Quotes and newlines take two characters in JSON: 1,500 bytes of this note are over 2,000 characters.
    const note = '"q"\n'.repeat(2000);
    const { pipeline, run, files } = buildPipeline({ files: { 'Quotes.md': note } });
    const outcome = await pipeline.execute(call('vault.readFile', { path: 'Quotes.md', maxBytes: 1500 }), run);
    const [json, next] = outcome.content.split('\nCut here. Next part: ');
    expect(json!.length).toBeGreaterThan(2000);
    expect(JSON.parse(json!)).toMatchObject({ content: note.slice(0, 1500), truncated: true, nextOffset: 1500 });
    expect(next).toBe('vault.readFile {"path":"Quotes.md","offset":1500,"maxBytes":1500}');
    expect([...files.data.keys()].filter((key) => key.startsWith('tmp/'))).toEqual([]);
  });

  it('should cut a long read at 8,000 characters and name the offset it stopped at', async () => {
    const note = 'é'.repeat(20_000);
    const { pipeline, run } = buildPipeline({ files: { 'Long.md': note } });
    const outcome = await pipeline.execute(call('vault.readFile', { path: 'Long.md' }), run);
    const [json, next] = outcome.content.split('\nCut here. Next part: ');
    const part = JSON.parse(json!) as { content: string; nextOffset: number };
    expect(json!.length).toBeLessThanOrEqual(PART_CHARS);
    expect(json!.length).toBeGreaterThan(PART_CHARS - 100);
    expect(part.nextOffset).toBe(2 * part.content.length);
    expect(next).toBe(`vault.readFile {"path":"Long.md","offset":${part.nextOffset}}`);
  });

  it('should name the next search when limit cut a short result', async () => {
    const { pipeline, run } = buildPipeline({ files: { 'a.md': 'cat\ncat\ncat' } });
    const outcome = await pipeline.execute(call('vault.searchText', { query: 'cat', limit: 2 }), run);
    expect(outcome.content.split('\n')[1]).toBe(
      'Cut here. Next part: vault.searchText {"query":"cat","limit":2,"mode":"plain","caseSensitive":false,"snippetLength":120,"offset":2}',
    );
  });

  it('should keep at least one match in a part, however long its snippet', async () => {
    const line = `cat ${'x'.repeat(1990)}`;
    const { pipeline, run } = buildPipeline({ files: { 'a.md': `${line}\n${line}\n${line}\n${line}\n${line}` } });
    const outcome = await pipeline.execute(
      call('vault.searchText', { query: 'cat', snippetLength: 2000, limit: 10 }),
      run,
    );
    const [json, next] = outcome.content.split('\nCut here. Next part: ');
    expect((JSON.parse(json!) as { matches: unknown[] }).matches).toHaveLength(3);
    expect(next).toContain('"offset":3');
  });

  it('should give a long base64 read in parts of whole 4-character groups that add up to every byte', async () => {
    const bytes = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 256);
    const { pipeline, run, context } = buildPipeline();
    await context.vault.writeBinary('image.png', bytes);
    const got: number[] = [];
    let input: unknown = { path: 'image.png', as: 'base64' };
    for (let calls = 1; input !== null; calls++) {
      const outcome = await pipeline.execute(call('vault.readFile', input, String(calls)), run);
      const [json, next] = outcome.content.split('\nCut here. Next part: vault.readFile ');
      const part = JSON.parse(json!) as { content: string };
      expect(part.content.length % 4).toBe(0);
      got.push(...(base64ToBytes(part.content) ?? []));
      input = next === undefined ? null : (JSON.parse(next) as unknown);
      expect(calls).toBeLessThan(10);
    }
    expect(Uint8Array.from(got)).toEqual(bytes);
  });

  it('should never split a key between two parts, so each part the model reads has it redacted whole', async () => {
    const key = 'ghp_Ab3Cd4Ef5Gh6Ij7Kl8Mn9Op0Qr1St2Uv3Wx4';
    const prose = 'The shed needs a roof. ';
    // Wherever the first cut falls near the key, no part may hold the key, nor a piece of it long enough to tell.
    for (const shift of [-30, -20, -10, -1, 0, 1, 10, 20]) {
      const before = prose.repeat(Math.ceil(PART_CHARS / prose.length)).slice(0, PART_CHARS - 200 + shift);
      const note = `${before}token ${key} end\n${prose.repeat(50)}`;
      const { pipeline, run } = buildPipeline({ files: { 'Keys.md': note } });
      const seen: string[] = [];
      let input: unknown = { path: 'Keys.md' };
      for (let calls = 1; input !== null; calls++) {
        const outcome = await pipeline.execute(call('vault.readFile', input, String(calls)), run);
        const [json, next] = outcome.content.split('\nCut here. Next part: vault.readFile ');
        seen.push((JSON.parse(json!) as { content: string }).content);
        input = next === undefined ? null : (JSON.parse(next) as unknown);
        expect(calls).toBeLessThan(5);
      }
      expect(seen.length).toBeGreaterThan(1);
      expect(seen.join('')).toBe(note.replace(key, '[redacted]'));
      for (const part of seen) expect(part).not.toMatch(/Ab3Cd4|Uv3Wx4/);
    }
  });
});
