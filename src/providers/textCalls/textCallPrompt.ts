import type { ToolDefinition } from '../../core/tools/types';
import { toWireName } from '../../core/tools/wireNames';

/**
 * What a model without native tool calls is told (`toolCallFormat: text`): the tools in one line each, and the
 * Hermes format, the one most local models' templates were trained on (Qwen, Hermes, many fine-tunes).
 */
export function textToolPrompt(tools: readonly ToolDefinition[]): string {
  const lines = tools.map(
    (tool) => `- ${toWireName(tool.name)}(${parameters(tool.inputSchema)}): ${firstSentence(tool.description)}`,
  );
  return [
    '# Tools',
    'You can call these tools (parameter? is optional):',
    ...lines,
    'To call a tool, write exactly this, one block per call, each on lines of its own after a blank line, and nothing after the last block:',
    '<tool_call>',
    '{"name": "<tool name>", "arguments": {<arguments as JSON>}}',
    '</tool_call>',
    'Each result comes back in the next user message as <tool_response>{"name": …, "content": …}</tool_response>.',
    // Only a marker at the top level is a call (see TextCallRecognizer): a model quoting one must know it stays text.
    'A block inside a list item, a quote or a code block is shown as text and not run: quote a call there to show it without calling it.',
  ].join('\n');
}

function parameters(schema: unknown): string {
  const object = schema as { properties?: Record<string, { type?: unknown; enum?: unknown }>; required?: unknown };
  const required = new Set(Array.isArray(object.required) ? object.required : []);
  return Object.entries(object.properties ?? {})
    .map(([name, property]) => `${name}${required.has(name) ? '' : '?'}: ${typeName(property)}`)
    .join(', ');
}

function typeName(property: { type?: unknown; enum?: unknown }): string {
  if (Array.isArray(property.enum)) return property.enum.map((value) => JSON.stringify(value)).join('|');
  return Array.isArray(property.type)
    ? property.type.join('|')
    : typeof property.type === 'string'
      ? property.type
      : 'any';
}

function firstSentence(description: string): string {
  const line = description.split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
