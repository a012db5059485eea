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

/**
 * A copy of `value` safe to write to the audit log: values under secret-sounding keys, every known secret
 * (from secret storage) and anything shaped like an API key or bearer token, in values and keys alike, are
 * replaced, and so is anything nested deeper than 20 levels; very long strings are cut, saying how much was
 * left out.
 */
export function redact(value: unknown, knownSecrets: readonly string[] = []): unknown {
  const secrets = knownSecrets.filter((secret) => secret.length >= 6);
  const scrub = (text: string): string => {
    let out = text;
    for (const secret of secrets) out = out.split(secret).join(REDACTED);
    for (const shape of SECRET_SHAPES) out = out.replace(shape, REDACTED);
    return out.length > MAX_STRING ? `${out.slice(0, MAX_STRING)}…[+${out.length - MAX_STRING} chars]` : out;
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

/** A copy of `value` with only the known secret values replaced (no other changes): for stored tool results. */
export function redactKnownSecrets(value: unknown, knownSecrets: readonly string[]): unknown {
  const secrets = knownSecrets.filter((secret) => secret.length >= 6);
  if (secrets.length === 0) return value;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return secrets.reduce((text, secret) => text.split(secret).join(REDACTED), node);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node as Record<string, unknown>).map(([key, inner]) => [key, walk(inner)]));
    return node;
  };
  return walk(value);
}
