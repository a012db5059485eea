import { describe, expect, it } from 'vitest';
import { AuditLog } from '../../../src/core/tool-execution/AuditLog';
import { redact } from '../../../src/core/tool-execution/redact';
import { memoryPluginFiles } from '../../builders/pipeline';
import { fixedClock } from '../../builders/toolContext';

describe('redact', () => {
  it('should replace values under secret-sounding keys, known secrets and key-shaped strings', () => {
    expect(
      redact(
        {
          apiKey: 'abc',
          headers: { Authorization: 'Bearer x' },
          content: 'my key is sk-ant-api03-abcdefghijklmnop1234 ok',
          note: 'hunter2-long-secret here',
        },
        ['hunter2-long-secret'],
      ),
    ).toEqual({
      apiKey: '[redacted]',
      headers: { Authorization: '[redacted]' },
      content: 'my key is [redacted] ok',
      note: '[redacted] here',
    });
  });

  it('should redact secrets in object keys and at any depth, where a model can put them', () => {
    const key = 'sk-ant-api03-abcdefghijklmnop1234';
    let deep: unknown = { note: key };
    for (let level = 0; level < 30; level++) deep = { a: deep };
    const redacted = JSON.stringify(redact({ frontmatter: { [key]: true }, deep }));
    expect(redacted).not.toContain(key);
    expect(redacted).toContain('"[redacted]":true');
  });

  it('should know the key shapes of OpenAI-compatible providers and of tokens often kept in notes', () => {
    const tokens = [
      'gsk_abcdefghijklmnopqrstuvwxyz012345',
      'xai-abcdefghijklmnopqrstuvwxyz012345',
      'hf_abcdefghijklmnopqrstuvwxyz0123',
      'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
      'github_pat_11ABCDEFG0abcdefghijklmnop',
      'AKIAIOSFODNN7EXAMPLE',
    ];
    expect(redact({ content: tokens.join(' and ') })).toEqual({
      content: tokens.map(() => '[redacted]').join(' and '),
    });
  });

  it('should cut very long strings and say how much was left out', () => {
    expect(redact({ content: 'x'.repeat(4010) })).toEqual({ content: `${'x'.repeat(4000)}…[+10 chars]` });
  });
});

describe('AuditLog', () => {
  it('should append one JSON line per call to a file per day, with the contract fields', async () => {
    const files = memoryPluginFiles();
    const log = new AuditLog(files, fixedClock(Date.UTC(2026, 10, 22, 10, 0, 0)));
    void log.record({
      runId: 'r1',
      tool: 'vault.createFile',
      args: { path: 'a.md', content: 'hi' },
      ok: true,
      error: null,
      code: null,
      durationMs: 3,
    });
    await log.record({
      runId: 'r1',
      tool: 'vault.delete',
      args: { path: 'b.md' },
      ok: false,
      error: 'no',
      code: 'DENIED',
      durationMs: 1,
    });
    const lines = (files.data.get('audit/2026-11-22.jsonl') ?? '')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      {
        ts: '2026-11-22T10:00:00.000Z',
        runId: 'r1',
        tool: 'vault.createFile',
        args: { path: 'a.md', content: 'hi' },
        ok: true,
        error: null,
        code: null,
        durationMs: 3,
      },
      {
        ts: '2026-11-22T10:00:00.000Z',
        runId: 'r1',
        tool: 'vault.delete',
        args: { path: 'b.md' },
        ok: false,
        error: 'no',
        code: 'DENIED',
        durationMs: 1,
      },
    ]);
  });

  it('should never write a known secret, even inside an error message', async () => {
    const files = memoryPluginFiles();
    const log = new AuditLog(files, fixedClock(), () => ['planted-secret-123']);
    await log.record({
      runId: 'r',
      tool: 'vault.writeFile',
      args: { content: 'planted-secret-123' },
      ok: false,
      error: 'failed with planted-secret-123',
      code: 'INTERNAL',
      durationMs: 0,
    });
    expect([...files.data.values()].join('')).not.toContain('planted-secret-123');
  });

  it('should redact a tool name, which the model chooses too', async () => {
    const files = memoryPluginFiles();
    const log = new AuditLog(files, fixedClock());
    await log.record({
      runId: 'r',
      tool: 'sk-proj-abcdefghijklmnop1234',
      args: {},
      ok: false,
      error: 'Unknown tool',
      code: 'UNKNOWN_TOOL',
      durationMs: 0,
    });
    expect([...files.data.values()].join('')).toContain('"tool":"[redacted]"');
  });

  it('should report a failing disk without failing the caller', async () => {
    const errors: unknown[] = [];
    const files = { ...memoryPluginFiles(), append: () => Promise.reject(new Error('disk full')) };
    const log = new AuditLog(
      files,
      fixedClock(),
      () => [],
      (error) => errors.push(error),
    );
    await log.record({ runId: 'r', tool: 't', args: {}, ok: true, error: null, code: null, durationMs: 0 });
    expect(errors).toEqual([new Error('disk full')]);
  });
});
