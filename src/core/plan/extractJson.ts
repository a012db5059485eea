export type Extracted = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

const FENCE = /```[A-Za-z]*[ \t]*\r?\n?([\s\S]*?)```/g;

/**
 * The single JSON object in a model's answer, tolerating what models add around it: code fences, a sentence
 * before or after. Tries the whole text, then each fenced block, then each balanced `{…}` in order.
 */
export function extractJsonObject(text: string): Extracted {
  const candidates: string[] = [text.trim()];
  for (const match of text.matchAll(FENCE)) candidates.push((match[1] ?? '').trim());
  let firstError: string | null = null;
  for (const candidate of candidates) {
    if (!candidate.startsWith('{')) continue;
    const parsed = tryParse(candidate);
    if (parsed.ok) return parsed;
    firstError ??= parsed.error;
  }
  for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
    const end = balancedEnd(text, start);
    if (end < 0) continue;
    const parsed = tryParse(text.slice(start, end + 1));
    if (parsed.ok) return parsed;
    firstError ??= parsed.error;
  }
  if (firstError) return { ok: false, error: `the answer's JSON is not valid (${firstError})` };
  return { ok: false, error: text.trim() === '' ? 'the answer is empty' : 'the answer holds no JSON object' };
}

function tryParse(candidate: string): Extracted {
  try {
    const value: unknown = JSON.parse(candidate);
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return { ok: true, value: value as Record<string, unknown> };
    return { ok: false, error: `expected one JSON object, got ${Array.isArray(value) ? 'an array' : typeof value}` };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The index of the "}" closing the "{" at `start`, skipping braces inside strings; -1 when it never closes. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}
