import type { VaultPort } from '../../ports/vault';
import type { YamlPort } from '../../ports/yaml';
import type { PlannedChange } from '../../tools/types';
import { base64ToBytes } from '../../util/base64';
import { propertiesWarning } from '../../util/propertiesCheck';
import type { ShownState } from '../ShownState';
import { contentWarnings } from './contentWarnings';
import { sizeOf, textSides } from './formatChange';
import { textDiff } from './textDiff';
import type { ChangePreview, FileChange } from '../../ports/changePreview';

/**
 * Turns planned changes into what the approval card shows: per file, what happens, with a diff and warnings.
 * `shown` learns what each created or changed file was when the card was built, to hold the write to it.
 */
export async function buildPreview(
  changes: readonly PlannedChange[],
  vault: VaultPort,
  yaml: YamlPort,
  shown?: ShownState,
): Promise<ChangePreview> {
  const preview: ChangePreview = { files: [], commands: [], notes: [] };
  for (const change of changes) {
    switch (change.kind) {
      case 'command':
        preview.commands.push({ id: change.id, name: change.name });
        break;
      case 'create-folder':
        preview.files.push({ kind: 'folder-created', path: change.path });
        break;
      case 'move':
        preview.files.push({ kind: 'moved', path: change.path, toPath: change.toPath, isFolder: change.isFolder });
        break;
      case 'relink':
        preview.files.push({ kind: 'links-updated', path: change.path, target: change.target });
        break;
      case 'delete': {
        const entry = await vault.stat(change.path);
        preview.files.push({
          kind: 'deleted',
          path: change.path,
          oldSize: entry?.sizeBytes ?? 0,
          isFolder: change.isFolder,
          toTrash: change.toTrash,
        });
        break;
      }
      case 'create':
      case 'modify':
        preview.files.push(await fileChange(change, vault, yaml, preview.notes, shown));
        break;
    }
  }
  return preview;
}

async function fileChange(
  change: Extract<PlannedChange, { kind: 'create' | 'modify' }>,
  vault: VaultPort,
  yaml: YamlPort,
  notes: string[],
  shown: ShownState | undefined,
): Promise<FileChange> {
  if (change.format === 'base64') return binaryChange(change, vault, notes, shown);
  const properties = propertiesWarning(change.path, change.content, yaml);
  if (properties !== null) notes.push(properties);
  if (change.kind === 'create') {
    shown?.absent(change.path);
    const diff = textDiff('', change.content.replace(/\r\n/g, '\n'));
    if (diff.truncated) notes.push(`The preview of ${change.path} shows the first lines only.`);
    return {
      kind: 'created',
      path: change.path,
      newSize: sizeOf(change.content, change.format),
      hunks: diff.hunks,
      warnings: contentWarnings(change.content),
    };
  }
  const bytes = await vault.readBinary(change.path);
  await shown?.bytes(change.path, bytes);
  const sides = textSides(bytes, change.content, change.format);
  if (sides.oldBinary) notes.push(`${change.path}: a binary file (${sides.oldSize} bytes) becomes text`);
  for (const formatChange of sides.formatChanges) notes.push(`${change.path}: ${formatChange}`);
  // A binary file's bytes decoded as lines are noise: the card shows only the text that replaces them.
  const diff = textDiff(sides.oldBinary ? '' : sides.oldText, sides.newText);
  if (diff.truncated) notes.push(`The diff of ${change.path} is long; the preview shows its first lines only.`);
  if (diff.wordDiffSkipped === 1)
    notes.push(
      `${change.path}: 1 changed line is shown whole, too different from the old one to compare word by word.`,
    );
  if (diff.wordDiffSkipped > 1)
    notes.push(
      `${change.path}: ${diff.wordDiffSkipped} changed lines are shown whole, too different from the old ones to compare word by word.`,
    );
  // Only what the change brings: an append to a note full of links warns about the text it adds.
  const warnings = contentWarnings(sides.newText, sides.oldBinary ? '' : sides.oldText);
  return {
    kind: 'modified',
    path: change.path,
    oldSize: sides.oldSize,
    newSize: sides.newSize,
    hunks: diff.hunks,
    warnings,
    added: diff.added,
    removed: diff.removed,
  };
}

/** Bytes written as they are: sizes only, since no line of them means anything to a reader. */
async function binaryChange(
  change: Extract<PlannedChange, { kind: 'create' | 'modify' }>,
  vault: VaultPort,
  notes: string[],
  shown: ShownState | undefined,
): Promise<FileChange> {
  const newSize = base64ToBytes(change.content)?.length ?? 0;
  if (change.kind === 'create') {
    shown?.absent(change.path);
    notes.push(`${change.path}: binary content (${newSize} bytes), not shown`);
    return { kind: 'created', path: change.path, newSize, hunks: [], warnings: [] };
  }
  const bytes = await vault.readBinary(change.path);
  await shown?.bytes(change.path, bytes);
  notes.push(`${change.path}: binary content (${bytes.length} bytes → ${newSize} bytes), not shown`);
  return {
    kind: 'modified',
    path: change.path,
    oldSize: bytes.length,
    newSize,
    hunks: [],
    warnings: [],
    added: 0,
    removed: 0,
  };
}

/** One line for the card's title: "Create Projects/Idea.md", "Move a.md → b.md", "Run command Toggle bold". */
export function summarize(tool: string, changes: readonly PlannedChange[]): string {
  if (changes.length === 0) return `Run ${tool}`;
  const first = changes[0] as PlannedChange;
  const more = changes.length > 1 ? ` and ${changes.length - 1} more change${changes.length > 2 ? 's' : ''}` : '';
  switch (first.kind) {
    case 'create':
      return `Create ${first.path}${more}`;
    case 'modify':
      return `Change ${first.path}${more}`;
    case 'move':
      return `Move ${first.path} → ${first.toPath}${more}`;
    case 'delete':
      return `${first.toTrash ? 'Move to trash' : 'Delete permanently'}: ${first.path}${more}`;
    case 'create-folder':
      return `Create folder ${first.path}${more}`;
    case 'relink':
      return `Update links in ${first.path}${more}`;
    case 'command':
      return `Run command "${first.name}" (${first.id})${more}`;
  }
}
