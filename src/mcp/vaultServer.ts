import type { RunAuthor } from '../core/checkpoints/types';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type CallToolResult,
  type RequestId,
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Tool,
  type ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import { describeError, isAgentError } from '../core/errors';
import type { OutsideDriver } from '../core/session/OutsideDriver';
import { outsideClientAuthor, outsideClientName } from '../core/session/clientName';
import type { OutsideResult, OutsideTool } from '../core/session/outsideSavedActions';
import type { ToolHints } from '../core/tools/hints';
import manifest from '../../manifest.json';
import { mimeTypeOf, notePath, noteUri, VAULT_URI_TEMPLATE } from './vaultUri';

const INSTRUCTIONS = [
  "Tools over the user's Obsidian vault, governed as in Embedded Agent's chat panel:",
  'the .agentignore and .agentprotected rules hold, each write is approved (as the server was started) and checkpointed before it is made,',
  'every call is audited, and the user can undo this whole session with "Revert last run".',
  'A refused call returns an error that says why; do not retry it unchanged.',
].join(' ');

/**
 * The SDK's low-level MCP server, which it marks deprecated in favour of McpServer "for the high-level API" and keeps
 * for advanced uses. Ours is one: the tools are the session's, described by JSON Schemas from the metadata table, so
 * McpServer's zod-typed registry would add nothing here but about 100 KB (itself, more of zod, zod-to-json-schema)
 * to main.js, which runs this server too. This is the one place that names it, so the lint warns here, once.
 */
const LowLevelServer = Server;
export type LowLevelServer = InstanceType<typeof LowLevelServer>;

/** The MCP server's own description: its name and version, what it offers, and how it governs. */
export function createMcpServer(): LowLevelServer {
  return new LowLevelServer(
    { name: 'embedded-agent', title: 'Embedded Agent', version: manifest.version },
    { capabilities: { tools: { listChanged: true }, resources: {} }, instructions: INSTRUCTIONS },
  );
}

/**
 * Each tools/call's request id, by the call's abort signal (what the session knows a call by). A question asked about
 * a call must name it: over Streamable HTTP the answer stream of that call is the one way a client that keeps no
 * GET event stream can receive it.
 */
const callRequests = new WeakMap<AbortSignal, RequestId>();

/** The request id of the call whose signal is `signal`, if it is a tools/call of this server. */
export function callRequestId(signal: AbortSignal | undefined): RequestId | undefined {
  return signal ? callRequests.get(signal) : undefined;
}

/**
 * The client as every text names it: "An MCP client (reports itself as “Claude Code”)", from the title or name it
 * introduced itself with, bounded and with hidden characters shown (see outsideClientName).
 */
export function clientNameOf(server: LowLevelServer): string {
  return outsideClientName(reportedName(server));
}

/** Who the client's runs are made by in the Changes view: the name it reports, said to be only that. */
export function clientAuthorOf(server: LowLevelServer): RunAuthor {
  return outsideClientAuthor(reportedName(server));
}

function reportedName(server: LowLevelServer): string | undefined {
  const client = server.getClientVersion();
  return [client?.title, client?.name].find((name) => name !== undefined && name.trim() !== '');
}

/**
 * Serves an outside driver over an MCP server: tools are the session's tools, called through its one pipeline run;
 * notes are resources (`vault://path`) under the ignore rules, listed by page. This only translates; every decision
 * is the session's.
 */
export function serveSession(server: LowLevelServer, outside: OutsideDriver): void {
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: (await outside.tools()).map(toMcpTool) }));
  // The request's signal is the client's cancel of this call (notifications/cancelled).
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    callRequests.set(extra.signal, extra.requestId);
    return toCallResult(await outside.call(request.params.name, request.params.arguments ?? {}, extra.signal));
  });
  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const page = await outside.listNotes(request.params?.cursor ?? null);
    return {
      resources: page.notes.map((note) => ({
        uri: noteUri(note.path),
        name: note.path,
        mimeType: mimeTypeOf(note.path),
        size: note.sizeBytes,
      })),
      ...(page.nextCursor !== null ? { nextCursor: page.nextCursor } : {}),
    };
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: VAULT_URI_TEMPLATE,
        name: 'vault-file',
        title: 'A file of the vault',
        description: 'Any file the ignore rules let the agent read, by its vault path.',
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    try {
      const note = await outside.readNote(notePath(uri));
      const mimeType = mimeTypeOf(note.path, 'text' in note);
      return {
        contents: [
          'text' in note
            ? { uri, mimeType, text: note.text }
            : { uri, mimeType, blob: Buffer.from(note.bytes).toString('base64') },
        ],
      };
    } catch (error) {
      // A resource read has no isError result: the JSON-RPC error carries what was wrong.
      throw new McpError(
        isAgentError(error, 'NOT_FOUND') ? ErrorCode.InvalidParams : ErrorCode.InvalidRequest,
        `Cannot read ${uri}: ${describeError(error)}`,
      );
    }
  });
}

function toMcpTool(tool: OutsideTool): Tool {
  return {
    name: tool.wireName,
    description: tool.description,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    annotations: annotationsOf(tool.hints),
  };
}

/** MCP's annotations: whether a tool destroys or repeats harmlessly is said only of one that changes something. */
function annotationsOf(hints: ToolHints): ToolAnnotations {
  if (hints.readOnly) return { readOnlyHint: true, openWorldHint: hints.openWorld };
  return {
    readOnlyHint: false,
    destructiveHint: hints.destructive,
    idempotentHint: hints.idempotent,
    openWorldHint: hints.openWorld,
  };
}

/** Text content; a result stored outside the answer comes as its short summary and a link the client can read. */
function toCallResult(result: OutsideResult): CallToolResult {
  if (!result.ok)
    return { isError: true, content: [{ type: 'text', text: `Error ${result.code ?? 'INTERNAL'}: ${result.text}` }] };
  const link = result.storedResult;
  return {
    content: [
      { type: 'text', text: result.text },
      ...(link
        ? [
            {
              type: 'resource_link' as const,
              uri: noteUri(link),
              name: link.split('/').pop() ?? link,
              mimeType: 'text/markdown',
              description: 'The whole result, readable until this session ends',
            },
          ]
        : []),
    ],
  };
}
