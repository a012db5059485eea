/**
 * Anthropic and OpenAI accept tool names matching ^[a-zA-Z0-9_-]{1,64}$, so "vault.createFile" travels as
 * "vault_createFile". No canonical name contains "_", which makes the mapping reversible.
 */
export function toWireName(name: string): string {
  return name.replace(/\./g, '_');
}

export function fromWireName(wireName: string): string {
  return wireName.replace(/_/g, '.');
}
