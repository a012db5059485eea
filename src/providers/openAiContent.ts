import type { LlmEvent } from '../core/ports/llm';

/**
 * Reads the `content` of an OpenAI-compatible message or delta. OpenAI sends a string; Mistral's reasoning models
 * (Magistral) send a list of parts, `{type: "text", text}` and `{type: "thinking", thinking: [{type: "text", text}]}`
 * (docs.mistral.ai/capabilities/reasoning). Text parts are the answer, thinking parts go apart as `thinking`, and
 * anything else is named in a warning instead of vanishing.
 */
export function contentEvents(content: unknown): LlmEvent[] {
  if (content === null || content === undefined || content === '') return [];
  if (typeof content === 'string') return [{ type: 'text', delta: content }];
  if (!Array.isArray(content)) return [unknownShape(`content that is ${describe(content)}`)];
  return content.flatMap((part: unknown) => partEvents(part));
}

function partEvents(part: unknown): LlmEvent[] {
  if (typeof part === 'string') return part === '' ? [] : [{ type: 'text', delta: part }];
  if (!isRecord(part)) return [unknownShape(`a content part that is ${describe(part)}`)];
  if (part.type === 'text' && typeof part.text === 'string')
    return part.text === '' ? [] : [{ type: 'text', delta: part.text }];
  if (part.type === 'thinking') return thinkingEvents(part.thinking);
  return [unknownShape(`a content part of type ${JSON.stringify(part.type ?? null)}`)];
}

function thinkingEvents(thinking: unknown): LlmEvent[] {
  if (typeof thinking === 'string') return thinking === '' ? [] : [{ type: 'thinking', delta: thinking }];
  if (!Array.isArray(thinking)) return [unknownShape(`a thinking part holding ${describe(thinking)}`)];
  return thinking.flatMap((inner: unknown): LlmEvent[] => {
    if (isRecord(inner) && inner.type === 'text' && typeof inner.text === 'string')
      return inner.text === '' ? [] : [{ type: 'thinking', delta: inner.text }];
    return [
      unknownShape(
        `a thinking part holding ${isRecord(inner) ? `a part of type ${JSON.stringify(inner.type ?? null)}` : describe(inner)}`,
      ),
    ];
  });
}

function unknownShape(what: string): LlmEvent {
  return {
    type: 'warning',
    message: `The model sent ${what} in its answer, which Embedded Agent cannot read; that part is left out.`,
  };
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
