import { fileNameFromTitle } from '../paths/fileNameFromTitle';
import { toolMeta } from '../tools/metadata';
import type { Ref } from './templates';

/**
 * Names whose value is itself a vault path, and keeps its folders when put into a path: a field such as
 * `${file.path}`, `$steps.create.path`, `${item.toPath}` or `${x.prefix}`, `${activeFile}`, and parameters
 * named for a folder or path (`${folderName}`, `${projectFolder}`, `${targetPath}`), a number after the name
 * aside (`${folderName2}`, a recipe's `${folder2}`). Every other value is text.
 */
const VAULT_PATH_NAME = /^(path|prefix|activeFile|folder|folderName)$|(Path|Folder)$/;

/** Whether a reference's value is a vault path rather than text (see `VAULT_PATH_NAME`). */
export function isVaultPathRef(ref: Ref): boolean {
  const last = ref.fields.at(-1) ?? (ref.source === 'name' ? ref.name : undefined);
  return last !== undefined && VAULT_PATH_NAME.test(last.replace(/\d+$/, ''));
}

/**
 * A value as it goes into a path argument: text (a bullet, a selection, a title) becomes one file name by the
 * one rule, so it never adds a folder level or a character Obsidian refuses or a link breaks on; a vault path
 * keeps its folders.
 */
export function intoPath(ref: Ref, text: string): string {
  return isVaultPathRef(ref) ? text : fileNameFromTitle(text);
}

/** The input fields of a tool that hold paths (from the metadata table); empty for an unknown tool. */
export function pathFieldsOf(tool: string): ReadonlySet<string> {
  return new Set(toolMeta(tool)?.pathArgs.map((arg) => arg.field) ?? []);
}
