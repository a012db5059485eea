import { describe, expect, it } from 'vitest';
import { redactForReader, redactTextForReader } from '../../../src/core/tool-execution/redact';

// Made-up keys in each provider's published form (lengths and alphabets as issued); none of them is live.
const KEYS: Record<string, string> = {
  'OpenAI (legacy)': 'sk-4fJ9kQ2mZx7Lp0Wv3Rt8Yb6Nc1Hd5Gs2Ae9Ku4Oi7Pl3Mj',
  'OpenAI project': 'sk-proj-Q8r2L0xVb7Nn3Ks9Tz1Hc4Wf6Yd5Jm2Pa8Ue0Gi3Oq7Rl_-9bX',
  Anthropic: 'sk-ant-api03-Zq4Rm8Lx2Vc7Nb1Ks5Tj9Hf3Wd6Yg0Pa-Ue8Oi2Mq4Rl7Xb_AA',
  'GitHub classic': 'ghp_Ab3Cd4Ef5Gh6Ij7Kl8Mn9Op0Qr1St2Uv3Wx4',
  'GitHub fine-grained': 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRS',
  'Slack bot': 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
  'Slack app': 'xapp-1-A0123456789-1234567890123-abcdef0123456789',
  'AWS access key id': 'AKIAIOSFODNN7EXAMPLE',
  'AWS temporary key id': 'ASIAY34FZKBOKMUTVV7A',
  Google: 'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q',
  'JSON Web Token': 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
};

/** Text that must come through unchanged: prose, links to commits, ids and hashes, code that names keys without holding one. */
const ORDINARY = [
  'Bearer authentication is described in RFC 6750; ask the bearer of the letter to wait.',
  'Fixed in https://github.com/obsidianmd/obsidian-releases/commit/3f786850e387550fdab836ed7e6dc881de23001b (see #4512).',
  'Run id 123e4567-e89b-12d3-a456-426614174000 and sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855.',
  'We use scikit-learn (sk-learn in the old notes), a task-management-system, and the desk-organizer-2024 plan.',
  'Set MAX_TOKENS=100000 and TOKEN_LIMIT: 4096 in the config; the PASSWORD field is required.',
  'const apiKey = process.env.OPENAI_API_KEY; // read from the environment',
  "Skills: sk-1, sk-2. AKIA is how the ids start. ghp_ is GitHub's prefix; eyJ starts a JWT.",
  '![diagram](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==)',
  'Meeting at 10:30, room B-204; call +49 30 1234567. Version 1.11.4-beta.2 ships Friday.',
  '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----',
];

describe('redactTextForReader', () => {
  for (const [kind, key] of Object.entries(KEYS)) {
    it(`should replace a key shaped as ${kind} and keep the words around it`, () => {
      expect(redactTextForReader(`My key is ${key}, keep it safe.`)).toBe('My key is [redacted], keep it safe.');
    });
  }

  it('should replace the shortest token of each shape when it is the whole text', () => {
    for (const token of ['xoxb-1234567890', 'AKIAIOSFODNN7EXAMPLE', 'API_KEY=abcd1234'])
      expect(redactTextForReader(token)).not.toContain(token.slice(-8));
  });

  it('should replace a bearer token after its word, and a known secret in any letter case', () => {
    expect(redactTextForReader('curl -H "Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0"')).toBe(
      'curl -H "Authorization: [redacted]"',
    );
    expect(redactTextForReader('the key XK9QMT4VR2PL8WZS is mine', ['Xk9QmT4vR2pL8wZs'])).toBe(
      'the key [redacted] is mine',
    );
  });

  it('should keep the name of an environment-style assignment and replace its value', () => {
    expect(
      redactTextForReader(
        'OPENAI_API_KEY=abc123def456ghi\nAWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"',
      ),
    ).toBe('OPENAI_API_KEY=[redacted]\nAWS_SECRET_ACCESS_KEY: [redacted]');
  });

  it('should replace a private key block whole, and the part of one a cut read holds', () => {
    const block =
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\nAAAAMwAAAAtzc2gtZWQyNTUxOQ\n-----END OPENSSH PRIVATE KEY-----';
    expect(redactTextForReader(`before\n${block}\nafter`)).toBe('before\n[redacted]\nafter');
    const cut = block.indexOf('AAAAMw');
    expect(redactTextForReader(`before\n${block.slice(0, cut)}`)).toBe('before\n[redacted]');
    expect(redactTextForReader(`${block.slice(cut)}\nafter`)).toBe('[redacted]\nafter');
  });

  for (const text of ORDINARY) {
    it(`should leave ordinary text as it is: ${JSON.stringify(text.slice(0, 50))}…`, () => {
      expect(redactTextForReader(text)).toBe(text);
    });
  }
});

describe('redactForReader', () => {
  it('should redact every string and key at any depth, and hand back an output without secrets as the same object', () => {
    const output = {
      path: 'Keys.md',
      content: `token ${KEYS['GitHub classic']}`,
      matches: [{ snippet: `AKIAIOSFODNN7EXAMPLE here` }],
      [KEYS.Google as string]: 1,
    };
    expect(redactForReader(output)).toEqual({
      path: 'Keys.md',
      content: 'token [redacted]',
      matches: [{ snippet: '[redacted] here' }],
      '[redacted]': 1,
    });
    const clean = { path: 'Garden.md', content: 'Fence.', lines: [1, 2] };
    expect(redactForReader(clean)).toBe(clean);
  });

  it('should not hide a field by its name: the reader asked for the output', () => {
    expect(redactForReader({ password: 'see the manager', token: 3 })).toEqual({
      password: 'see the manager',
      token: 3,
    });
  });
});
