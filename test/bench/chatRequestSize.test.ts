import { describe, expect, it } from 'vitest';
import { chatRequestSize, estimatedTokens, taskSize } from '../../bench/chatRequestSize';
import { toOpenAiTools } from '../../src/providers/toOpenAiMessages';
import { textToolPrompt } from '../../src/providers/textCalls/textCallPrompt';
import { CREATE_FILE, READ_FILE } from '../providers/helpers';

const SYSTEM = 'You are a vault agent.\nBe brief.';
const bodyOf = (body: unknown): { body: unknown; bytes: number } => ({
  body,
  bytes: Buffer.byteLength(JSON.stringify(body)),
});
const native = bodyOf({
  model: 'm',
  messages: [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: 'Make a note' },
  ],
  tools: toOpenAiTools([CREATE_FILE, READ_FILE]),
});
const textPrompt = textToolPrompt([CREATE_FILE, READ_FILE]);
const text = bodyOf({
  model: 'm',
  messages: [
    { role: 'system', content: `${SYSTEM}\n\n${textPrompt}` },
    { role: 'user', content: 'Make a note' },
  ],
});

describe('chatRequestSize', () => {
  it('should count the native tools array as the tool definitions, and the system message without it', () => {
    const size = chatRequestSize(native);
    expect(size.toolChars).toBe(JSON.stringify(toOpenAiTools([CREATE_FILE, READ_FILE])).length);
    expect(size.systemChars).toBe(JSON.stringify(SYSTEM).length - 2);
    expect(size.chars).toBe(JSON.stringify(native.body).length);
    expect(size.bytes).toBe(native.bytes);
  });

  it('should count the tool list that toolCallFormat text appends to the system message, escapes as sent', () => {
    const size = chatRequestSize(text);
    expect(size.toolChars).toBe(JSON.stringify(textPrompt).length - 2);
    expect(size.systemChars).toBe(JSON.stringify(`${SYSTEM}\n\n${textPrompt}`).length - 2);
  });

  it('should count no tool definitions when a request offers none', () => {
    expect(chatRequestSize(bodyOf({ messages: [{ role: 'user', content: 'hi' }] }))).toEqual({
      bytes: 45,
      chars: 45,
      systemChars: 0,
      toolChars: 0,
    });
  });
});

describe('taskSize', () => {
  it("should sum requests, bytes, characters and tool definitions, and keep the first request's system message", () => {
    const first = chatRequestSize(native);
    const second = chatRequestSize(text);
    expect(taskSize([native, text])).toEqual({
      requests: 2,
      bytes: first.bytes + second.bytes,
      chars: first.chars + second.chars,
      toolChars: first.toolChars + second.toolChars,
      systemChars: first.systemChars,
    });
  });

  it('should estimate a token as 4 characters', () => {
    expect([estimatedTokens(0), estimatedTokens(4), estimatedTokens(10), estimatedTokens(4_000)]).toEqual([
      0, 1, 3, 1_000,
    ]);
  });
});
