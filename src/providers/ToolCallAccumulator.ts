import type { LlmEvent } from '../core/ports/llm';
import type { ToolDefinition } from '../core/tools/types';
import { fromWireName, toWireName } from '../core/tools/wireNames';

/** One piece of a tool call as a server sends it; every field may be missing. */
export interface ToolCallPiece {
  index?: number | null;
  id?: string | null;
  name?: string | null;
  /** A JSON text fragment, or (some local servers) the whole arguments as an object. */
  arguments?: unknown;
}

interface Slot {
  index: number | undefined;
  id: string;
  /** The id came from the server, not from us. */
  serverId: boolean;
  name: string;
  args: string;
  started: boolean;
  /** Arguments that arrived before the name, held back until tool-call-start can go out. */
  pendingArgs: string;
  closed: boolean;
}

type ToolCallEvent = Extract<LlmEvent, { type: 'tool-call' }>;

/**
 * Collects streamed tool-call pieces into whole calls, tolerating what real servers send: a whole call in one
 * chunk, no `index`, `index` 0 for every call with different ids (Ollama), no `id` on the first piece, `name: ""`
 * on argument pieces (LM Studio), arguments as an object. The openai SDK's own helper throws on a missing index
 * and merges index-0 calls into one invalid JSON text, which is why this exists.
 *
 * Calls are sequential on the wire: starting a call closes the ones before it. When the answer stops at the
 * token limit, a call that was still open is cut off and comes out `truncated`, never to be executed.
 */
export class ToolCallAccumulator {
  private readonly slots: Slot[] = [];
  private readonly canonicalName: (wireName: string) => string;
  private readonly idPrefix: string;

  constructor(canonicalName: (wireName: string) => string, idPrefix = 'call') {
    this.canonicalName = canonicalName;
    this.idPrefix = idPrefix;
  }

  get size(): number {
    return this.slots.length;
  }

  /** Adds a piece; returns the progress events (tool-call-start, tool-call-delta) it makes. */
  push(piece: ToolCallPiece): LlmEvent[] {
    return this.apply(this.slotFor(piece), piece);
  }

  /** A call that arrives whole (an answer that was not streamed): always a call of its own. */
  pushWhole(call: { id?: string | null; name?: string | null; arguments?: unknown }): LlmEvent[] {
    return this.apply(this.open(undefined, typeof call.id === 'string' && call.id !== '' ? call.id : undefined), call);
  }

  /** Something other than a tool call followed (Anthropic's next content block): every call so far is complete. */
  closeAll(): void {
    for (const slot of this.slots) slot.closed = true;
  }

  /** Every call, whole: parsed input, or `input: null` with `error`; open calls are `truncated` when cut off. */
  finish(cutOff: boolean): ToolCallEvent[] {
    return this.slots.map((slot) => {
      const name = this.canonicalName(slot.name);
      if (cutOff && !slot.closed) {
        return {
          type: 'tool-call',
          id: slot.id,
          name,
          input: null,
          truncated: true,
          error: `The call of ${name} was cut off by the output token limit before its arguments were complete, so it was not run. Make the call again with shorter arguments (e.g. write a long note in parts).`,
        };
      }
      if (slot.name === '') {
        return { type: 'tool-call', id: slot.id, name, input: null, error: 'The tool call had no tool name.' };
      }
      const parsed = parseArguments(slot.args);
      if ('error' in parsed)
        return {
          type: 'tool-call',
          id: slot.id,
          name,
          input: null,
          error: `Arguments of ${name} are not valid JSON (${parsed.error}); got: ${preview(slot.args)}`,
        };
      return { type: 'tool-call', id: slot.id, name, input: parsed.value };
    });
  }

  private apply(slot: Slot, piece: ToolCallPiece): LlmEvent[] {
    const events: LlmEvent[] = [];
    const name = typeof piece.name === 'string' ? piece.name : '';
    // The first name counts: LM Studio sends `name: ""` on argument pieces, and some servers repeat the name.
    if (name !== '' && slot.name === '') slot.name = name;
    const args = argumentText(piece.arguments);
    if (args !== undefined) {
      if (typeof piece.arguments === 'string') slot.args += args;
      else slot.args = args;
    }
    if (!slot.started && slot.name !== '') {
      slot.started = true;
      events.push({ type: 'tool-call-start', id: slot.id, name: this.canonicalName(slot.name) });
      if (slot.pendingArgs !== '')
        events.push({ type: 'tool-call-delta', id: slot.id, argumentsDelta: slot.pendingArgs });
      slot.pendingArgs = '';
    }
    if (args !== undefined && args !== '') {
      if (slot.started) events.push({ type: 'tool-call-delta', id: slot.id, argumentsDelta: args });
      else slot.pendingArgs += args;
    }
    return events;
  }

  private slotFor(piece: ToolCallPiece): Slot {
    const index = typeof piece.index === 'number' ? piece.index : undefined;
    const id = typeof piece.id === 'string' && piece.id !== '' ? piece.id : undefined;
    const last = this.slots[this.slots.length - 1];
    if (id !== undefined) {
      const known = this.slots.find((slot) => slot.serverId && slot.id === id);
      if (known) return known;
      // The first piece of this call came without an id (Ollama gpt-oss); the id we made up stays, so that the
      // events already sent keep matching.
      const anonymous = index === undefined ? last : this.latestAt(index);
      if (
        anonymous &&
        !anonymous.serverId &&
        !anonymous.closed &&
        (index !== undefined || piece.name === undefined || piece.name === '')
      )
        return anonymous;
      return this.open(index, id);
    }
    if (index !== undefined) return this.latestAt(index) ?? this.open(index, undefined);
    // No index and no id: a new call when it brings a name, else more of the last one.
    const name = typeof piece.name === 'string' ? piece.name : '';
    if (last && name === '') return last;
    return this.open(undefined, undefined);
  }

  private latestAt(index: number): Slot | undefined {
    for (let i = this.slots.length - 1; i >= 0; i -= 1) if (this.slots[i]?.index === index) return this.slots[i];
    return undefined;
  }

  private open(index: number | undefined, id: string | undefined): Slot {
    for (const slot of this.slots) slot.closed = true;
    const slot: Slot = {
      index,
      id: id ?? `${this.idPrefix}_${this.slots.length + 1}`,
      serverId: id !== undefined,
      name: '',
      args: '',
      started: false,
      pendingArgs: '',
      closed: false,
    };
    this.slots.push(slot);
    return slot;
  }
}

/** Wire name → canonical name: the request's own tools first, the general rule (`_` → `.`) for anything else. */
export function canonicalNameLookup(tools: readonly ToolDefinition[]): (wireName: string) => string {
  const known = new Map(tools.map((tool) => [toWireName(tool.name), tool.name]));
  return (wireName) => known.get(wireName) ?? fromWireName(wireName);
}

function argumentText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Empty arguments mean none (`{}`); arguments encoded twice (a JSON string holding the object) are unwrapped. */
function parseArguments(text: string): { value: unknown } | { error: string } {
  if (text.trim() === '') return { value: {} };
  try {
    let value = JSON.parse(text) as unknown;
    if (typeof value === 'string') {
      try {
        const inner = JSON.parse(value) as unknown;
        if (inner !== null && typeof inner === 'object') value = inner;
      } catch {
        // A plain string stays a string; the input check tells the model it wanted an object.
      }
    }
    return { value };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function preview(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
