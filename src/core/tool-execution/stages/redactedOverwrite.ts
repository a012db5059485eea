import { AgentError } from '../../errors';
import type { VaultPort } from '../../ports/vault';
import type { PlannedChange } from '../../tools/types';
import { REDACTED, redactTextForReader } from '../redact';

/**
 * A reader never sees a key: where a note holds one, its reads say "[redacted]". A model that edits such a note by
 * writing its whole text back would write "[redacted]" over the key, and the user would lose it. So a change that
 * brings "[redacted]" into a note holding something key-shaped, where the note had no "[redacted]" of its own, is
 * refused before any card, naming the note and what to do instead.
 */
export async function refuseRedactedOverwrite(
  changes: readonly PlannedChange[],
  vault: VaultPort,
  knownSecrets: readonly string[],
): Promise<void> {
  for (const change of changes) {
    if (change.kind !== 'modify' || change.format === 'base64' || !change.content.includes(REDACTED)) continue;
    const current = await vault.read(change.path).catch(() => null);
    if (current === null || current.includes(REDACTED)) continue;
    if (redactTextForReader(current, knownSecrets) === current) continue;
    throw new AgentError(
      'INVALID_INPUT',
      `The new text of "${change.path}" holds ${REDACTED} where the note keeps a key or token that was never shown (reads hide them): writing it would replace the key with that word. Add to the note with mode "append" instead, or ask the user to make this edit. Nothing was changed.`,
    );
  }
}
