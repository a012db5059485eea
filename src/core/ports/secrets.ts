/** Obsidian's `app.secretStorage`: secrets live outside data.json, looked up by name. */
export interface SecretsPort {
  get(name: string): string | null;
  set(name: string, value: string): void;
}
