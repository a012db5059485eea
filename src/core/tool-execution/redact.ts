const SECRET_KEY = /(api[-_]?key|authorization|auth[-_]?token|access[-_]?token|secret|password|bearer)/i;

/**
 * What a secret looks like when nothing names it: the one list both kinds of redaction use (what the plugin writes,
 * what a model or client reads). Each shape asks for more than a prefix (a length, a digit, a fixed alphabet), so
 * ordinary prose, commit hashes in links and UUIDs are left alone; `test/core/tool-execution/redact.test.ts` holds a
 * corpus of both. `keep` names a group kept in front of the redaction (the variable's name of an assignment).
 * Each pattern but the last starts with a literal, which V8 finds by skipping, so all of them together read a
 * megabyte of prose in a few milliseconds (`npm run bench -- "pipeline overhead"`).
 */
const SECRET_SHAPES: readonly { pattern: RegExp; keep?: string }[] = [
  // PEM and OpenSSH private keys, the whole block. A read in parts may end inside one or start inside one: the
  // beginning runs to the end of the text, and an end at the start of a text takes the base64 lines before it
  // (anchored, so a long run of letters is scanned once, not once from each of its characters).
  { pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----|$)/g },
  { pattern: /^[A-Za-z0-9+/=\r\n]*-----END [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----/g },
  // OpenAI (sk-, sk-proj-), Anthropic (sk-ant-) and the servers that copy their form; a key always holds a digit.
  { pattern: /\bsk-(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}/g },
  // GitHub (classic ghp_/gho_/…, fine-grained github_pat_), Groq, xAI, Hugging Face.
  { pattern: /\b(?:gh[pousr]_|github_pat_|gsk_|xai-|hf_)[A-Za-z0-9_]{20,}/g },
  // Slack bot, user and app tokens.
  { pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g },
  { pattern: /\bxapp-\d-[A-Za-z0-9-]{10,}/g },
  // AWS access key ids (long-lived AKIA, temporary ASIA).
  { pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  // Google API keys.
  { pattern: /\bAIza[0-9A-Za-z_-]{30,}/g },
  // JSON Web Tokens: a header and a payload, both base64url JSON, and a signature.
  { pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  // A bearer token after its word; "Bearer authentication" has no digit and stays.
  { pattern: /\bBearer\s+(?=[A-Za-z0-9._~+/-]*\d)[A-Za-z0-9._~+/-]{16,}=*/gi },
  // An environment-style assignment (OPENAI_API_KEY=…, AWS_SECRET_ACCESS_KEY: …): the name stays, the value goes.
  {
    pattern:
      /\b(?<name>[A-Z0-9_]*(?:API_?KEY|SECRET|TOKEN|PASSWORD|PASSWD)[A-Z0-9_]*\s*[=:]\s*)["']?(?![0-9]+\b)[^\s"'<>]{8,}["']?/g,
    keep: 'name',
  },
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
    const out = hideSecrets(text, secrets);
    return out.length > maxString ? `${out.slice(0, maxString)}…[+${out.length - maxString} chars]` : out;
  };
  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === 'string') return scrub(node);
    if (node === null || typeof node !== 'object') return node;
    // Deeper than any real input: whatever is down there is not looked at, so it is not written either.
    if (depth > 20) return REDACTED;
    if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1));
    return Object.fromEntries(
      Object.entries(node as Record<string, unknown>).map(([key, inner]) => [
        scrub(key),
        SECRET_KEY.test(key) && inner !== '' && inner !== null ? REDACTED : walk(inner, depth + 1),
      ]),
    );
  };
  return walk(value, 0);
}

/** The text of `text` safe to write, as `redact` makes it. */
export function redactText(text: string, knownSecrets: readonly string[] = [], options: RedactOptions = {}): string {
  return redact(text, knownSecrets, options) as string;
}

/**
 * A copy of `value` as a model or an outside client may read it: every string (and object key) with the known
 * secrets and everything shaped like a key replaced, nothing cut and no field hidden by its name, since a tool's
 * output is what the reader asked for. Values that hold no secret are returned as they are, not copied.
 */
export function redactForReader(value: unknown, knownSecrets: readonly string[] = []): unknown {
  const secrets = knownSecretPattern(knownSecrets);
  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === 'string') return hideSecrets(node, secrets);
    if (node === null || typeof node !== 'object') return node;
    if (depth > 20) return REDACTED;
    if (Array.isArray(node))
      return sameOrCopy(
        node,
        node.map((item) => walk(item, depth + 1)),
      );
    const entries = Object.entries(node as Record<string, unknown>);
    const walked = entries.map(([key, inner]) => [hideSecrets(key, secrets), walk(inner, depth + 1)] as const);
    return walked.every(([key, inner], index) => key === entries[index]?.[0] && inner === entries[index]?.[1])
      ? node
      : Object.fromEntries(walked);
  };
  return walk(value, 0);
}

/** `text` as a model or an outside client may read it (see `redactForReader`). */
export function redactTextForReader(text: string, knownSecrets: readonly string[] = []): string {
  return hideSecrets(text, knownSecretPattern(knownSecrets));
}

function sameOrCopy(original: readonly unknown[], walked: unknown[]): unknown[] {
  return walked.every((item, index) => item === original[index]) ? (original as unknown[]) : walked;
}

/**
 * The fewest characters any shape matches (a Slack token: "xoxb-" and ten more). Most strings of an output (names,
 * numbers as text, short paths) are shorter, and are spared eleven regex calls each.
 */
const SHORTEST_SHAPE = 15;

/** Every known secret and every secret shape in `text` replaced. */
function hideSecrets(text: string, secrets: RegExp | null): string {
  let out = secrets ? text.replace(secrets, REDACTED) : text;
  if (out.length < SHORTEST_SHAPE) return out;
  // A replacement string, not a function: V8 builds the result of a function replacer slowly (20 ms a megabyte).
  for (const { pattern, keep } of SECRET_SHAPES) out = out.replace(pattern, keep ? `$<${keep}>${REDACTED}` : REDACTED);
  return out;
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
