import type { VaultPort } from '../ports/vault';
import type { PlannedChange } from '../tools/types';
import { sha256 } from '../util/sha256';
import { ShownState } from './ShownState';
import { pathsInside } from './stages/checkPaths';

/** One thing a call does, as a person approves it: a key to compare and a phrase to show ("delete \"a.md\""). */
interface Effect {
  key: string;
  label: string;
  /** The path whose whole new content the key holds, for create and modify. */
  written?: string;
}

const MAX_LISTED = 5;

/**
 * What a person saw in a plan's preview and approved, as a set: each change by kind and path(s), new content by
 * its SHA-256, every file inside a folder that is moved or deleted, a command with the note it acts on, and a
 * call that changes nothing by its tool and input. A plan run lets a call through without asking again only when
 * all it would do is in the set; a change whose content is known only at run time never is, since the preview
 * could not show it. Repeating a shown change is allowed: it permits nothing that was not shown.
 */
export class ApprovedChanges {
  private readonly keys = new Set<string>();
  private readonly written = new Set<string>();
  /** Per write shown: what the preview showed the file to be before it. */
  private readonly before = new Map<string, ShownState>();

  /**
   * Records what one previewed call would do; `vault` is the preview's, with the earlier steps applied, and
   * `shown` what its preview showed each written file to be before the call.
   */
  async add(
    tool: string,
    input: unknown,
    changes: readonly PlannedChange[],
    vault: VaultPort,
    shown?: ShownState,
  ): Promise<void> {
    for (const effect of await effectsOf(tool, input, changes, vault)) {
      this.keys.add(effect.key);
      if (effect.written === undefined) continue;
      this.written.add(effect.written);
      const before = this.before.get(effect.key) ?? new ShownState();
      if (shown) before.merge(shown.only(effect.written));
      this.before.set(effect.key, before);
    }
  }

  /**
   * One look at a call of the run: what it would do that the preview did not show, as phrases (empty when it was
   * all shown), and what the preview showed the files it writes to be before it, to hold the write to that.
   */
  async review(
    tool: string,
    input: unknown,
    changes: readonly PlannedChange[],
    vault: VaultPort,
  ): Promise<{ unshown: string[]; shown: ShownState }> {
    const effects = await effectsOf(tool, input, changes, vault);
    const shown = new ShownState();
    for (const effect of effects) {
      const before = this.before.get(effect.key);
      if (before) shown.merge(before);
    }
    const unshown = effects
      .filter((effect) => !this.keys.has(effect.key))
      .map((effect) =>
        effect.written !== undefined && this.written.has(effect.written)
          ? `${effect.label} with other text than the preview showed`
          : effect.label,
      );
    return { unshown, shown };
  }

  /** What the call would do that the preview did not show, as phrases; empty when it was all shown. */
  async unshown(tool: string, input: unknown, changes: readonly PlannedChange[], vault: VaultPort): Promise<string[]> {
    return (await this.review(tool, input, changes, vault)).unshown;
  }
}

/** "a, b, c, d, e and 3 more": a folder of a thousand notes stays one readable sentence. */
export function listEffects(labels: readonly string[]): string {
  const shown = labels.slice(0, MAX_LISTED).join(', ');
  return labels.length > MAX_LISTED ? `${shown} and ${labels.length - MAX_LISTED} more` : shown;
}

const effect = (key: unknown[], label: string): Effect => ({ key: JSON.stringify(key), label });
const moved = (path: string, toPath: string): Effect => effect(['move', path, toPath], `move "${path}" to "${toPath}"`);
const deleted = (path: string, toTrash: boolean): Effect =>
  effect(['delete', path, toTrash], `${toTrash ? 'delete' : 'permanently delete'} "${path}"`);

async function effectsOf(
  tool: string,
  input: unknown,
  changes: readonly PlannedChange[],
  vault: VaultPort,
): Promise<Effect[]> {
  const effects: Effect[] = [];
  for (const change of changes) {
    switch (change.kind) {
      case 'create':
      case 'modify':
        effects.push({
          ...effect(
            [change.kind, change.path, await sha256(change.content)],
            `${change.kind === 'create' ? 'create' : 'write'} "${change.path}"`,
          ),
          written: change.path,
        });
        break;
      case 'move':
        effects.push(moved(change.path, change.toPath));
        break;
      case 'delete':
        effects.push(deleted(change.path, change.toTrash));
        break;
      case 'create-folder':
        effects.push(effect(['create-folder', change.path], `create the folder "${change.path}"`));
        break;
      case 'command':
        effects.push(
          effect(
            ['command', change.id, change.activeFile ?? null],
            `run the command "${change.name}"${change.activeFile ? ` on "${change.activeFile}"` : ''}`,
          ),
        );
        break;
    }
    const toTrash = change.kind === 'delete' && change.toTrash;
    for (const inside of await pathsInside(change, vault))
      effects.push(inside.toPath === null ? deleted(inside.path, toTrash) : moved(inside.path, inside.toPath));
  }
  if (effects.length === 0) effects.push(effect(['call', tool, input], `run ${tool} with these arguments`));
  return effects;
}
