// An MCP client in its own thread, with Node's own fetch: the test's DOM (happy-dom) replaces fetch in the test's
// thread, and a client on this computer is another program anyway. Driven by messages from mcpClient.ts.
import { parentPort } from 'node:worker_threads';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

let client = null;
let transport = null;

const ops = {
  connect: async ({ url, token, name, title }) => {
    client = new Client({ name, title, version: '1.0.0' });
    transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    return null;
  },
  listTools: async () => (await client.listTools()).tools.map((tool) => tool.name),
  callTool: async ({ name, args }) => client.callTool({ name, arguments: args }),
  // A client that says goodbye: DELETE ends its MCP session, then the connection closes.
  disconnect: async () => {
    await transport.terminateSession();
    await client.close();
  },
  close: async () => client?.close(),
};

parentPort.on('message', ({ id, op, params }) => {
  ops[op](params).then(
    (value) => parentPort.postMessage({ id, value }),
    (error) => parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
