import { describe, expect, it } from 'vitest';
import { canonicalNameLookup, ToolCallAccumulator } from '../../src/providers/ToolCallAccumulator';
import { CREATE_FILE } from './helpers';

const names = canonicalNameLookup([CREATE_FILE]);

describe('ToolCallAccumulator', () => {
  it('should join argument fragments of one call and emit start, deltas and the whole call', () => {
    const calls = new ToolCallAccumulator(names);
    const progress = [
      ...calls.push({ index: 0, id: 'c1', name: 'vault_createFile', arguments: '' }),
      ...calls.push({ index: 0, arguments: '{"path":' }),
      ...calls.push({ index: 0, arguments: '"a.md"}' }),
    ];
    expect(progress).toEqual([
      { type: 'tool-call-start', id: 'c1', name: 'vault.createFile' },
      { type: 'tool-call-delta', id: 'c1', argumentsDelta: '{"path":' },
      { type: 'tool-call-delta', id: 'c1', argumentsDelta: '"a.md"}' },
    ]);
    expect(calls.finish(false)).toEqual([
      { type: 'tool-call', id: 'c1', name: 'vault.createFile', input: { path: 'a.md' } },
    ]);
  });

  it('should start a new call for a new id under the same index', () => {
    const calls = new ToolCallAccumulator(names);
    calls.push({ index: 0, id: 'a', name: 'x', arguments: '{"n":1}' });
    calls.push({ index: 0, id: 'b', name: 'y', arguments: '{"n":2}' });
    expect(calls.finish(false).map((call) => [call.id, call.name, call.input])).toEqual([
      ['a', 'x', { n: 1 }],
      ['b', 'y', { n: 2 }],
    ]);
  });

  it('should continue the last call when a piece has neither index, id nor name', () => {
    const calls = new ToolCallAccumulator(names);
    calls.push({ id: 'a', name: 'x', arguments: '{"n":' });
    calls.push({ arguments: '1}' });
    expect(calls.finish(false)).toEqual([{ type: 'tool-call', id: 'a', name: 'x', input: { n: 1 } }]);
  });

  it('should start a new call for a nameless piece without index or id only when it brings a name', () => {
    const calls = new ToolCallAccumulator(names);
    calls.push({ name: 'x', arguments: '{}' });
    calls.push({ name: 'y', arguments: '{}' });
    expect(calls.finish(false).map((call) => [call.id, call.name])).toEqual([
      ['call_1', 'x'],
      ['call_2', 'y'],
    ]);
  });

  it('should adopt a call begun without an id when its id arrives later, keeping the id already announced', () => {
    const calls = new ToolCallAccumulator(names);
    const start = calls.push({ index: 0, name: 'x', arguments: '{"a":' });
    calls.push({ index: 0, id: 'late', arguments: '1}' });
    expect(start[0]).toEqual({ type: 'tool-call-start', id: 'call_1', name: 'x' });
    expect(calls.finish(false)).toEqual([{ type: 'tool-call', id: 'call_1', name: 'x', input: { a: 1 } }]);
  });

  it('should hold back arguments that arrive before the name until the call can start', () => {
    const calls = new ToolCallAccumulator(names);
    expect(calls.push({ index: 0, id: 'a', arguments: '{"n":' })).toEqual([]);
    expect(calls.push({ index: 0, name: 'x', arguments: '1}' })).toEqual([
      { type: 'tool-call-start', id: 'a', name: 'x' },
      { type: 'tool-call-delta', id: 'a', argumentsDelta: '{"n":' },
      { type: 'tool-call-delta', id: 'a', argumentsDelta: '1}' },
    ]);
  });

  it('should take arguments given as an object', () => {
    const calls = new ToolCallAccumulator(names);
    calls.pushWhole({ id: 'a', name: 'x', arguments: { path: 'a.md' } });
    expect(calls.finish(false)).toEqual([{ type: 'tool-call', id: 'a', name: 'x', input: { path: 'a.md' } }]);
  });

  it('should treat empty arguments as no arguments and unwrap arguments encoded twice', () => {
    const calls = new ToolCallAccumulator(names);
    calls.pushWhole({ id: 'a', name: 'x', arguments: '' });
    calls.pushWhole({ id: 'b', name: 'y', arguments: JSON.stringify(JSON.stringify({ n: 1 })) });
    expect(calls.finish(false).map((call) => call.input)).toEqual([{}, { n: 1 }]);
  });

  it('should give a call without a name an error instead of running something unnamed', () => {
    const calls = new ToolCallAccumulator(names);
    calls.push({ index: 0, id: 'a', arguments: '{}' });
    expect(calls.finish(false)).toEqual([
      { type: 'tool-call', id: 'a', name: '', input: null, error: 'The tool call had no tool name.' },
    ]);
  });

  it('should mark only the calls still open as truncated when the answer was cut off', () => {
    const calls = new ToolCallAccumulator(names);
    calls.push({ index: 1, id: 'a', name: 'x', arguments: '{}' });
    calls.closeAll();
    calls.push({ index: 2, id: 'b', name: 'y', arguments: '{"content":"lo' });
    expect(calls.finish(true).map((call) => [call.id, call.truncated ?? false, call.input])).toEqual([
      ['a', false, {}],
      ['b', true, null],
    ]);
  });

  it('should mark a complete-looking open call as truncated too: the limit may have cut what came after it', () => {
    const calls = new ToolCallAccumulator(names);
    calls.push({ index: 0, id: 'a', name: 'x', arguments: '{"content":"a"}' });
    expect(calls.finish(true)).toMatchObject([{ id: 'a', truncated: true, input: null }]);
  });
});

describe('canonicalNameLookup', () => {
  it('should map the request tools back exactly and other names by the general rule', () => {
    expect(names('vault_createFile')).toBe('vault.createFile');
    expect(names('get_weather')).toBe('get.weather');
  });
});
