import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { LineTransport } from '../../src/mcp/LineTransport';

function transport(): {
  input: PassThrough;
  written: () => unknown[];
  received: JSONRPCMessage[];
  events: string[];
  line: LineTransport;
} {
  const input = new PassThrough();
  const output = new PassThrough();
  let out = '';
  output.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const line = new LineTransport(input, output);
  const received: JSONRPCMessage[] = [];
  const events: string[] = [];
  line.onmessage = (message) => received.push(message);
  line.onend = () => events.push('end');
  line.onclose = () => events.push('close');
  void line.start();
  return {
    input,
    written: () =>
      out
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text) as unknown),
    received,
    events,
    line,
  };
}

const tick = (): Promise<void> => new Promise((done) => setImmediate(done));

describe('LineTransport', () => {
  it('should read a message split across chunks, a CRLF line ending and a multi-byte character cut in two', async () => {
    const { input, received } = transport();
    const bytes = Buffer.from('{"jsonrpc":"2.0","method":"note","params":{"title":"Café"}}\r\n');
    const cut = bytes.indexOf(0xc3) + 1;
    input.write(bytes.subarray(0, cut));
    input.write(bytes.subarray(cut));
    await tick();
    expect(received).toEqual([{ jsonrpc: '2.0', method: 'note', params: { title: 'Café' } }]);
  });

  it('should answer a line over 10 MB with -32600 and read the next line', async () => {
    const { input, received, written } = transport();
    const big = Buffer.alloc(6 * 1024 * 1024, 0x61);
    input.write(big);
    input.write(big);
    input.write('\n{"jsonrpc":"2.0","method":"after"}\n');
    await tick();
    expect(written()).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: a message line of more than 10485760 bytes was dropped' },
      },
    ]);
    expect(received).toEqual([{ jsonrpc: '2.0', method: 'after' }]);
  });

  it('should say the input ended at once, and close only after the requests already read are answered', async () => {
    const { input, events, line } = transport();
    input.end('{"jsonrpc":"2.0","id":7,"method":"tools/list"}\n');
    await tick();
    expect(events).toEqual(['end']);
    await line.send({ jsonrpc: '2.0', id: 7, result: {} });
    expect(events).toEqual(['end', 'close']);
  });
});

describe('LineTransport when the client stops reading', () => {
  it('should take a broken output as the client gone, and not throw', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const line = new LineTransport(input, output);
    const events: string[] = [];
    line.onend = () => events.push('end');
    line.onclose = () => events.push('close');
    line.onerror = (error) => events.push(`error: ${error.message}`);
    await line.start();
    output.destroy(new Error('write EPIPE'));
    await tick();
    expect(events).toEqual(['error: write EPIPE', 'end', 'close']);
    await line.send({ jsonrpc: '2.0', id: 1, result: {} });
  });
});
