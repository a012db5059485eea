import type { ClockPort } from '../../src/core/ports/clock';
import type { CommandsPort } from '../../src/core/ports/commands';
import type { EditorPort } from '../../src/core/ports/editor';
import type { WorkspacePort } from '../../src/core/ports/workspace';
import type { PluginCatalog, ToolContext } from '../../src/core/tools/types';
import { MemoryVault } from '../../src/node/MemoryVault';

/** A port that fails loudly when a test uses something it did not provide. */
function missing<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_target, property) {
      if (property === 'then') return undefined;
      throw new Error(`Test did not provide the ${name} port (used .${String(property)})`);
    },
  });
}

export const fixedClock = (start = Date.UTC(2026, 0, 15, 9, 0, 0)): ClockPort & { advance(ms: number): void } => {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    sleep: (ms: number) => {
      now += ms;
      return Promise.resolve();
    },
  };
};

/** A ToolContext over an in-memory vault; pass the other ports a test needs. */
export function buildToolContext(
  overrides: Partial<ToolContext> & { files?: Record<string, string> } = {},
): ToolContext & { vault: MemoryVault } {
  const { files, ...ports } = overrides;
  return {
    vault: new MemoryVault(files ?? {}),
    editor: missing<EditorPort>('editor'),
    workspace: missing<WorkspacePort>('workspace'),
    commands: missing<CommandsPort>('commands'),
    plugins: missing<PluginCatalog>('plugins'),
    clock: fixedClock(),
    signal: new AbortController().signal,
    runId: 'test-run',
    ...ports,
  } as ToolContext & { vault: MemoryVault };
}
