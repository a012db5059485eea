const SECRET_KEY = /(api[-_]?key|authorization|auth[-_]?token|access[-_]?token|secret|password|bearer)/i;
// Shapes of provider keys and bearer tokens, for secrets that arrive without a telling key name.
const SECRET_SHAPES = [
  /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/-]{12,}=*/gi,
  /\bAIza[0-9A-Za-z_-]{30,}/g,
  // Groq, xAI, Hugging Face, GitHub and AWS keys: other OpenAI-compatible servers' keys, and tokens kept in notes.
  /\b(?:gsk_|xai-|hf_|gh[pousr]_|github_pat_)[A-Za-z0-9_]{20,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
];
export const REDACTED = '[redacted]';
const MAX_STRING = 4000;

export interface RedactOptions {
  /** Strings longer than this are cut, saying how much was left out (4,000 by default; Infinity keeps them whole). */
  maxString?: number;
}

/**
 * A copy of `value` safe to write into the plugin folder: values under secret-sounding keys, every known secret
 * (from secret storage, in any letter case) and anything shaped like an API key or bearer token, in values and keys
 * alike, are replaced, and so is anything nested deeper than 20 levels; very long strings are cut, saying how much
 * was left out.
 */
export function redact(value: unknown, knownSecrets: readonly string[] = [], options: RedactOptions = {}): unknown {
  const maxString = options.maxString ?? MAX_STRING;
  const secrets = knownSecretPattern(knownSecrets);
  const scrub = (text: string): string => {
    let out = secrets ? text.replace(secrets, REDACTED) : text;
    for (const shape of SECRET_SHAPES) out = out.replace(shape, REDACTED);
    return out.length > maxString ? `${out.slice(0, maxString)}…[+${out.length - maxString} chars]` : out;
  };
  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === 'string') return scrub(node);
    if (node === null || typeof node !== 'object') return node;
    // Deeper than any real input: whatever is down there is not looked at, so it is not written either.
    if (depth > 20) return REDACTED;
    if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1));
    return Object.fromEntries(
      Object.entries(node as Record<string, unknown>).map(([key, inner]) => [scrub(key), SECRET_KEY.test(key) && inner !== '' && inner !== null ? REDACTED : walk(inner, depth + 1)]),
    );
  };
  return walk(value, 0);
}

/** The text of `text` safe to write, as `redact` makes it. */
export function redactText(text: string, knownSecrets: readonly string[] = [], options: RedactOptions = {}): string {
  return redact(text, knownSecrets, options) as string;
}

/**
 * One pattern for every known secret, in any letter case: a key copied into a note may have been lower-cased, and
 * a key of under 6 characters is too likely to be an ordinary word to be replaced everywhere.
 */
function knownSecretPattern(knownSecrets: readonly string[]): RegExp | null {
  const secrets = knownSecrets.filter((secret) => secret.length >= 6).sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return null;
  return new RegExp(secrets.map((secret) => secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
}
