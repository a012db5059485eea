/** One call as a model wrote it in text: its name as written (wire or dotted) and its arguments. */
export interface WrittenCall {
  name: string;
  input: unknown;
}

/**
 * The calls a parsed JSON value holds, or null when it is not call-shaped. Accepted: `{name, arguments}`
 * (Hermes, Qwen, Mistral), `{name, parameters}` (Llama 3.x, with or without `"type": "function"`),
 * `{function: {name, arguments}}`, and a list of these (Mistral's `[TOOL_CALLS]`). Arguments sent as a JSON
 * string are unwrapped.
 */
export function callsIn(value: unknown): WrittenCall[] | null {
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 0) return null;
  const calls: WrittenCall[] = [];
  for (const item of items) {
    const call = callIn(item);
    if (!call) return null;
    calls.push(call);
  }
  return calls;
}

function callIn(item: unknown): WrittenCall | null {
  if (!isObject(item)) return null;
  const inner = isObject(item.function) ? item.function : item;
  const name = inner.name;
  if (typeof name !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(name)) return null;
  const args = inner.arguments ?? inner.parameters ?? {};
  const input = typeof args === 'string' ? parseObject(args) : args;
  if (!isObject(input)) return null;
  return { name, input };
}

function parseObject(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
