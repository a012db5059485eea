import { FileManager, TFile, TFolder, Vault } from 'obsidian-test-mocks/obsidian';
import type { App, TAbstractFile } from 'obsidian-test-mocks/obsidian';
import { LinkResolver, applyReplacements, rewriteLink, scanLinks } from './links';
import type { LinkOccurrence } from './links';
import { linkFormatOf } from './metadataCachePatch';

interface PendingUpdate {
  source: TFile;
  content: string;
  links: { link: LinkOccurrence; target: TFile }[];
}

function filesUnder(file: TAbstractFile): Set<TFile> {
  const files = new Set<TFile>();
  if (file instanceof TFile) files.add(file);
  if (file instanceof TFolder) {
    Vault.recurseChildren(file, (child) => {
      if (child instanceof TFile) files.add(child);
    });
  }
  return files;
}

/** Every link in a Markdown note that points at one of `moved`, found before the move changes any path. */
function linksTo(vault: Vault, moved: Set<TFile>): PendingUpdate[] {
  const resolver = new LinkResolver(vault.getFiles());
  const updates: PendingUpdate[] = [];
  for (const source of vault.getMarkdownFiles()) {
    const content = vault.readSync__(source);
    const links = scanLinks(content).flatMap((link) => {
      const target = resolver.resolve(link.linkpath, source.path);
      return target && moved.has(target) ? [{ link, target }] : [];
    });
    if (links.length > 0) updates.push({ source, content, links });
  }
  return updates;
}

/**
 * `FileManager.renameFile` that updates links, which the mock does not: wiki links (`[[Old]]`, `[[Old|alias]]`,
 * `[[Folder/Old#heading]]`), embeds and markdown links (`[x](Old.md)`) in every note that points at the moved
 * file, or at any file inside a moved folder, are re-pointed with the user's link format, keeping subpaths,
 * aliases and link texts. Like Obsidian with "Automatically update internal links" off (`alwaysUpdateLinks`
 * false), the double then only moves the file; the real app asks the user first, which the double cannot.
 * Links inside frontmatter properties are updated only where they are wiki links.
 */
export function patchFileManager(): void {
  const appOf = (manager: FileManager): App => (manager as unknown as { app: App }).app;

  FileManager.prototype.renameFile = async function (
    this: FileManager,
    file: TAbstractFile,
    newPath: string,
  ): Promise<void> {
    const vault = appOf(this).vault;
    if (vault.getConfig__('alwaysUpdateLinks') === false) return vault.rename(file, newPath);
    const pending = linksTo(vault, filesUnder(file));
    await vault.rename(file, newPath);
    const format = linkFormatOf(vault);
    const resolver = new LinkResolver(vault.getFiles());
    for (const { source, content, links } of pending) {
      const replacements = links.map(({ link, target }) => ({
        start: link.start,
        end: link.end,
        text: rewriteLink(link, target, source.path, format, resolver),
      }));
      // A note that changed in between is left alone rather than patched at stale offsets.
      await vault.process(source, (text) => (text === content ? applyReplacements(text, replacements) : text));
    }
  };

  // The "Deleted files" setting (`trashOption`): "system" (the default), "local" (.trash/) or "none" (delete).
  FileManager.prototype.trashFile = async function (this: FileManager, file: TAbstractFile): Promise<void> {
    const vault = appOf(this).vault;
    const option = vault.getConfig__('trashOption');
    // This is trashFile itself, the one place that picks between the vault's delete and trash.
    const remover: Pick<Vault, 'delete' | 'trash'> = vault;
    if (option === 'none') return remover.delete(file, true);
    return remover.trash(file, option !== 'local');
  };
}
