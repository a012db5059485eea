import { toolMeta } from '../tools/metadata';
import { isRecord, preview } from './schema';
import type { ItemResult, StepStatus } from './progress';

/** What a person reads for a finished call: "created", "moved" (the tool's `done` column). */
export function doneVerb(tool: string): string {
  return toolMeta(tool)?.done?.verb ?? 'done';
}

/** "created Notes/Idea.md", "moved a.md → Archive/a.md", "12 matches", or the verb alone. */
export function okMessage(tool: string, output: unknown): string {
  const done = toolMeta(tool)?.done;
  const verb = done?.verb ?? 'done';
  if (!isRecord(output)) return verb;
  if (typeof output.fromPath === 'string' && typeof output.toPath === 'string')
    return `${verb} ${output.fromPath} → ${output.toPath}`;
  if (Array.isArray(output.matches))
    return `${output.matches.length} match${output.matches.length === 1 ? '' : 'es'}${output.truncated === true ? ' (more exist)' : ''}`;
  if (Array.isArray(output.items)) return `${output.items.length} item${output.items.length === 1 ? '' : 's'}`;
  if (Array.isArray(output.commands))
    return `${output.commands.length} command${output.commands.length === 1 ? '' : 's'}`;
  if (typeof output.isEmpty === 'boolean' && typeof output.text === 'string')
    return output.isEmpty ? 'nothing is selected' : `${output.text.length} characters selected`;
  if (output.deleted === false && typeof output.path === 'string')
    return `${output.path} was not there; nothing deleted`;
  if (output.trashed === true && typeof output.path === 'string') return `moved ${output.path} to the trash`;
  if (output.created === false && typeof output.path === 'string')
    return notCreatedMessage(verb, output.path, output.overwritten === true, done?.existed);
  if (typeof output.path === 'string') return `${verb} ${output.path}`;
  if (typeof output.filePath === 'string') return `${verb} in ${output.filePath}`;
  const subject = done?.subject === undefined ? undefined : output[done.subject];
  if (typeof subject === 'string') return `${verb} ${subject}`;
  return verb;
}

/** A write whose output says `created: false`: a folder or note that was there, or a note written over. */
function notCreatedMessage(verb: string, path: string, overwritten: boolean, existed: string | undefined): string {
  if (existed === undefined) return `${verb} ${path}`;
  return overwritten ? `overwrote ${path}` : `${path} ${existed}`;
}

/** "7 of 10 created; 3 failed: item 4 (Foo): …" — with which items failed and why. */
export function foreachMessage(tool: string, items: readonly ItemResult[], stoppedAt?: ItemResult): string {
  const count = (status: ItemResult['status']): number => items.filter((item) => item.status === status).length;
  if (items.length === 0) return 'nothing to do: the list is empty';
  const parts = [`${count('ok')} of ${items.length} ${doneVerb(tool)}`];
  const failed = items.filter((item) => item.status === 'failed');
  if (failed.length > 0) {
    const shown = failed
      .slice(0, 5)
      .map((item) => `item ${item.index + 1} (${item.label}): ${item.error?.message ?? 'failed'}`);
    parts.push(
      `${failed.length} failed: ${shown.join('; ')}${failed.length > 5 ? `; and ${failed.length - 5} more` : ''}`,
    );
  }
  if (count('unknown') > 0) parts.push(`${count('unknown')} known only when the plan runs`);
  if (stoppedAt) parts.push(`stopped at item ${stoppedAt.index + 1} of ${items.length}; ${count('not-run')} not run`);
  if (count('cancelled') > 0)
    parts.push(
      `cancelled at item ${(items.find((item) => item.status === 'cancelled')?.index ?? 0) + 1}; ${count('cancelled') + count('not-run')} not run`,
    );
  return parts.join('; ');
}

/** How people recognize an element of a foreach list. */
export function itemLabel(value: unknown): string {
  const cut = (text: string): string => (text.length > 60 ? `${text.slice(0, 59)}…` : text);
  if (typeof value === 'string') return cut(value);
  if (isRecord(value)) {
    for (const key of ['text', 'path', 'name', 'title', 'id'])
      if (typeof value[key] === 'string') return cut(value[key]);
  }
  return preview(value);
}

/** "failed", "was skipped", … for "it needs step "x", which failed". */
export function statusPhrase(status: StepStatus | undefined): string {
  switch (status) {
    case 'failed':
      return 'failed';
    case 'skipped':
      return 'was skipped';
    case 'cancelled':
      return 'was cancelled';
    default:
      return 'did not run';
  }
}
