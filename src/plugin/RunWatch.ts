import type { AgentServices } from '../core/session/AgentServices';

/**
 * Tells the chat panels when a run takes a checkpoint or ends, whoever runs it (the panel, a plan, an MCP client),
 * once the services exist; a panel opened before then is told when they load. It never loads them itself: opening
 * the panel must not load isomorphic-git.
 */
export class RunWatch {
  private readonly listeners = new Set<() => void>();
  private loaded = false;

  /** The services are built: their checkpoints' changes reach every listener from now on, and each hears once now. */
  attach(services: AgentServices): void {
    services.checkpoints?.onChange(() => this.notify());
    this.loaded = true;
    this.notify();
  }

  watch(listener: () => void): () => void {
    this.listeners.add(listener);
    if (this.loaded) listener();
    return () => void this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
