import { type SeenEntry, type NoteTone, toolResultText } from './seenConversation';
import type { SessionEvents } from './sessionEvents';

/**
 * The conversation as the shells showed it, recorded from the same events they render: the person's messages,
 * answers as they streamed (text after a tool call starts another answer), tool calls with their results, and the
 * notes a run ends with. The conversation's file keeps count of how many of them it holds (ConversationStore).
 */
export class SeenLog {
  private list: SeenEntry[] = [];

  get entries(): readonly SeenEntry[] {
    return this.list;
  }

  /** Starts over, empty or with a resumed conversation's entries. */
  reset(entries: readonly SeenEntry[] = []): void {
    this.list = [...entries];
  }

  add(...entries: SeenEntry[]): void {
    this.list.push(...entries);
  }

  note(text: string, tone: NoteTone = 'info'): void {
    this.list.push({ kind: 'note', text, tone });
  }

  /** `events` recording what they show; each shell renders the originals as before. */
  record(events: SessionEvents): SessionEvents {
    let answer: { kind: 'answer'; text: string } | null = null;
    const calls = new Map<string, Extract<SeenEntry, { kind: 'tool' }>>();
    return {
      ...events,
      onText: (delta) => {
        if (!answer) {
          answer = { kind: 'answer', text: '' };
          this.list.push(answer);
        }
        answer.text += delta;
        events.onText?.(delta);
      },
      onToolCall: (call) => {
        answer = null;
        const entry = { kind: 'tool' as const, id: call.id, name: call.name, input: call.input };
        calls.set(call.id, entry);
        this.list.push(entry);
        events.onToolCall?.(call);
      },
      onToolResult: (outcome) => {
        const entry = calls.get(outcome.callId);
        if (entry) Object.assign(entry, { result: toolResultText(outcome) });
        events.onToolResult?.(outcome);
      },
      onWarning: (text) => {
        this.note(text);
        events.onWarning?.(text);
      },
    };
  }
}
