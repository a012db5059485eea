import type { SecretStorage } from 'obsidian';
import { AgentError, describeError } from '../core/errors';
import type { SecretsPort } from '../core/ports/secrets';

/** Secrets in Obsidian's `app.secretStorage` (1.11.4+), outside data.json. */
export class ObsidianSecrets implements SecretsPort {
  private readonly storage: SecretStorage;

  constructor(storage: SecretStorage) {
    this.storage = storage;
  }

  get(name: string): string | null {
    return this.storage.getSecret(name);
  }

  /** Obsidian accepts only lowercase letters, digits and dashes in a secret's name. */
  set(name: string, value: string): void {
    try {
      this.storage.setSecret(name, value);
    } catch (error) {
      throw new AgentError(
        'INVALID_INPUT',
        `Obsidian refused the secret name "${name}" (use lowercase letters, digits and dashes): ${describeError(error)}`,
        { name },
      );
    }
  }
}
