import { readFileSync } from 'node:fs';
import ts from 'typescript';

/**
 * API name → the Obsidian version that introduced it, from the `@since` tags in the `obsidian` package's
 * obsidian.d.ts. Keys are `Name` for a top-level declaration (class, interface, function, const, type) and
 * `Name.member` for a member; `declare global` augmentations (`Element.createEl`, …) are keyed the same way.
 * Where overloads carry different tags the earliest wins: the name exists from then on.
 */
export function buildSinceTable(dtsPath: string): Map<string, string> {
  const source = ts.createSourceFile(dtsPath, readFileSync(dtsPath, 'utf8'), ts.ScriptTarget.Latest, true);
  const table = new Map<string, string>();
  const record = (key: string, node: ts.Node): void => {
    const since = sinceTag(node);
    if (since === undefined) return;
    const known = table.get(key);
    if (known === undefined || compareVersions(since, known) < 0) table.set(key, since);
  };
  const visit = (node: ts.Node, container: string | undefined): void => {
    const name = declarationName(node);
    if (name !== undefined) {
      const key = container === undefined ? name : `${container}.${name}`;
      record(key, node);
      if (ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) {
        for (const member of node.members) visit(member, name);
        return;
      }
    }
    if (ts.isVariableStatement(node)) {
      for (const d of node.declarationList.declarations) if (ts.isIdentifier(d.name)) record(d.name.text, node);
      return;
    }
    ts.forEachChild(node, (child) => visit(child, container));
  };
  visit(source, undefined);
  return table;
}

function declarationName(node: ts.Node): string | undefined {
  if (
    ts.isClassDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isFunctionDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertySignature(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  ) {
    return node.name !== undefined && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
      ? node.name.text
      : undefined;
  }
  return undefined;
}

function sinceTag(node: ts.Node): string | undefined {
  for (const tag of ts.getJSDocTags(node)) {
    if (tag.tagName.text !== 'since') continue;
    const text = typeof tag.comment === 'string' ? tag.comment : ts.getTextOfJSDocComment(tag.comment);
    const version = text?.trim().match(/^\d+(\.\d+)*/)?.[0];
    if (version !== undefined) return version;
  }
  return undefined;
}

/** Negative when `a` is an earlier version than `b`, zero when equal ("1.4" equals "1.4.0"). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}
