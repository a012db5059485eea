import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

function markdownFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The text a reader sees: fenced blocks and inline code hold no links. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The anchor GitHub gives a heading: its text lowercased, punctuation dropped, spaces as hyphens; repeats get -1, -2. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const unfenced = markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const [, heading = ''] of unfenced.matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** Every relative link of a Markdown file that does not resolve, as "file: target (why)". */
function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const broken: string[] = [];
  for (const [, target = ''] of withoutCode(text).matchAll(/\]\(<?([^)\s>]+)>?(?: "[^"]*")?\)/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue;
    const [path, anchor] = target.split('#', 2) as [string, string | undefined];
    const destination = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
    const where = `${relative(ROOT, file)}: ${target}`;
    if (!existsSync(destination)) broken.push(`${where} (no such file)`);
    else if (anchor !== undefined) {
      if (statSync(destination).isDirectory() || !destination.endsWith('.md')) broken.push(`${where} (anchor on a non-page)`);
      else if (!headingAnchors(readFileSync(destination, 'utf8')).has(anchor)) broken.push(`${where} (no such heading)`);
    }
  }
  return broken;
}

describe('links in README.md and docs/', () => {
  it('should read headings as GitHub anchors them', () => {
    expect([...headingAnchors('# Use it from Claude Code, Codex or any MCP client\n## `vault.createFile`\n## Tools\n## Tools\n')]).toEqual([
      'use-it-from-claude-code-codex-or-any-mcp-client',
      'vaultcreatefile',
      'tools',
      'tools-1',
    ]);
  });

  it('should find a link to a missing file or heading, and none inside code', () => {
    const fixture = join(ROOT, 'test', 'fixtures', 'docs-links', 'page.md');
    expect(brokenLinks(fixture)).toEqual([
      'test/fixtures/docs-links/page.md: missing.md (no such file)',
      'test/fixtures/docs-links/page.md: page.md#nowhere (no such heading)',
      'test/fixtures/docs-links/page.md: #also-nowhere (no such heading)',
    ]);
  });

  it('should all resolve, to a file of the repository and a heading it has', () => {
    const files = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });
});
